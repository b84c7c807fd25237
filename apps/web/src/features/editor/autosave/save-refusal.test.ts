import { describe, expect, it } from 'vitest';
import { messages as app } from '@draftwell/shared/i18n/catalogs/app/de';
import { messages as page } from '@draftwell/shared/i18n/catalogs/page/de';
import { messages as later } from '@draftwell/shared/i18n/catalogs/page-later/de';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import { DOCUMENT_LIMITS, ZDocument, emptyDocument } from '@draftwell/shared/document/schema';
import { saveRefusal } from './save-refusal';

const german = createI18n('de', page, later, app);

/** The field messages the server's 400 carries for a document, as `http/validate.ts` keys them. */
function refusalOf(document: unknown): Record<string, string> {
  const result = ZDocument.safeParse(document);
  if (result.success) throw new Error('the document was accepted');
  return Object.fromEntries(result.error.issues.map((i) => [['document', ...i.path].join('.'), i.message]));
}

const tooManyBlocks = {
  ...emptyDocument(),
  blocks: Array.from({ length: DOCUMENT_LIMITS.blocks + 1 }, (_, i) => ({ id: `b${i}`, type: 'page_break' })),
};

describe('saveRefusal: why a save was refused, in the owner’s language', () => {
  it('names the field’s own reason, with its limit, rather than the 400’s summary', () => {
    const fields = refusalOf(tooManyBlocks);
    expect(saveRefusal(englishI18n, 'Some fields need attention.', fields)).toBe('Use at most 500 blocks.');
    const shown = saveRefusal(german, 'Some fields need attention.', fields);
    expect(shown).toContain('500');
    expect(shown).not.toMatch(/Use at most|blocks/);
  });

  it('translates a plain reason by its English', () => {
    const fields = { 'document.blocks.0.content.content.0.attrs.level': 'Headings go from level 1 to 3.' };
    const shown = saveRefusal(german, 'Some fields need attention.', fields);
    expect(shown).not.toBe('Headings go from level 1 to 3.');
    expect(shown).toMatch(/1.*3/);
  });

  it('keeps the values a template came with, whatever they hold', () => {
    const fields = {
      'document.blocks.1.lines.1.quantity':
        'The quantity must be from 1.5 to 10 (a), the range the client may choose in.',
    };
    const shown = saveRefusal(german, 'Some fields need attention.', fields);
    expect(shown).toContain('1.5');
    expect(shown).toContain('10 (a)');
    expect(shown).not.toContain('the range the client');
  });

  it('falls back to the summary, translated, when no field is named', () => {
    expect(saveRefusal(german, 'Some fields need attention.', undefined)).toBe('Einige Felder müssen geprüft werden.');
    expect(saveRefusal(german, 'Some fields need attention.', {})).toBe('Einige Felder müssen geprüft werden.');
  });

  it('leaves a field the screen marks to the screen, and says so in the summary', () => {
    expect(saveRefusal(german, 'Some fields need attention.', { 'client.email': 'Enter a valid email address.' })).toBe(
      'Einige Felder müssen geprüft werden.',
    );
  });

  it('reads a saved section’s content as its document', () => {
    const shown = saveRefusal(german, 'Some fields need attention.', {
      name: 'Enter a name.',
      'content.blocks': 'Use at most 500 blocks.',
    });
    expect(shown).toContain('500');
    expect(shown).not.toContain('blocks');
  });

  it('passes a reason the catalogs lack through unchanged', () => {
    expect(saveRefusal(german, 'Payload too large.', { document: 'Something new from a newer server.' })).toBe(
      'Something new from a newer server.',
    );
  });
});
