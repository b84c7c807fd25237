import { describe, expect, it } from 'vitest';
import { unitLabel } from './display';

/** Quantities as the document keeps them: thousandths. */
const q = (n: number) => Math.round(n * 1000);

describe('unitLabel', () => {
  it('is singular for exactly one and plural for every other amount, whole or not', () => {
    expect(unitLabel('page', q(1))).toBe('page');
    for (const n of [0, 0.5, 1.5, 2, 10, 1000]) expect(unitLabel('page', q(n))).toBe('pages');
    expect(unitLabel('hour', q(0.25))).toBe('hours');
  });

  it('follows English spelling rules for the plural', () => {
    const plurals: Array<[string, string]> = [
      ['day', 'days'],
      ['survey', 'surveys'],
      ['copy', 'copies'],
      ['entry', 'entries'],
      ['box', 'boxes'],
      ['batch', 'batches'],
      ['brush', 'brushes'],
      ['class', 'classes'],
      ['bus', 'buses'],
      ['bonus', 'bonuses'],
      ['photo', 'photos'],
      ['video', 'videos'],
      ['licence', 'licences'],
      ['roof', 'roofs'],
      ['person', 'people'],
      ['child', 'children'],
      ['half', 'halves'],
      ['quiz', 'quizzes'],
      ['analysis', 'analyses'],
      ['hero', 'heroes'],
    ];
    for (const [one, many] of plurals) expect(unitLabel(one, q(3)), one).toBe(many);
  });

  it('is singular for one even when the unit was typed in the plural', () => {
    const singulars: Array<[string, string]> = [
      ['pages', 'page'],
      ['hours', 'hour'],
      ['days', 'day'],
      ['copies', 'copy'],
      ['boxes', 'box'],
      ['batches', 'batch'],
      ['classes', 'class'],
      ['courses', 'course'],
      ['licences', 'licence'],
      ['people', 'person'],
      ['analyses', 'analysis'],
      ['Pages', 'Page'],
      ['hours of support', 'hour of support'],
    ];
    for (const [many, one] of singulars) expect(unitLabel(many, q(1)), many).toBe(one);
    for (const unit of ['page', 'class', 'bus', 'analysis', 'news', 'lens', 'series', 'hrs', 'GB', 'each']) {
      expect(unitLabel(unit, q(1)), unit).toBe(unit);
    }
  });

  it('reads words such as "constructor" as words, never as object members', () => {
    expect(unitLabel('constructor', q(2))).toBe('constructors');
    expect(unitLabel('constructor', q(1))).toBe('constructor');
  });

  it('keeps the case the unit was typed in', () => {
    expect(unitLabel('Page', q(2))).toBe('Pages');
    expect(unitLabel('Person', q(2))).toBe('People');
  });

  it('leaves units that are already plural, uncountable, short forms or symbols as typed', () => {
    for (const unit of ['hours', 'people', 'pages', 'each', 'sheep', 'software', 'support', 'series']) {
      expect(unitLabel(unit, q(5)), unit).toBe(unit);
    }
    for (const unit of [
      'hr',
      'hrs',
      'h',
      'kg',
      'km',
      'min',
      'pcs',
      'pax',
      'sqm',
      'GB',
      'SEO',
      'm²',
      'hr.',
      'm2',
      '%',
    ]) {
      expect(unitLabel(unit, q(5)), unit).toBe(unit);
    }
  });

  it('makes plural the word that is counted in a unit of several words', () => {
    expect(unitLabel('hour of support', q(3))).toBe('hours of support');
    expect(unitLabel('seat per month', q(3))).toBe('seats per month');
    expect(unitLabel('user/month', q(3))).toBe('users/month');
    expect(unitLabel('page (A4)', q(3))).toBe('pages (A4)');
    expect(unitLabel('lump sum', q(2))).toBe('lump sums');
    expect(unitLabel('man-day', q(2))).toBe('man-days');
    expect(unitLabel('follow-up call', q(2))).toBe('follow-up calls');
    expect(unitLabel('box of 10', q(2))).toBe('boxes of 10');
    expect(unitLabel('hour of support', q(1))).toBe('hour of support');
    expect(unitLabel('users/month', q(1))).toBe('user/month');
  });

  it('is empty for no unit and trims what was typed', () => {
    expect(unitLabel('', q(3))).toBe('');
    expect(unitLabel('   ', q(3))).toBe('');
    expect(unitLabel('  page ', q(3))).toBe('pages');
  });
});
