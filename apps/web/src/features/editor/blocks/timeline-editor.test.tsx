import { ZBlock, type TTimelineBlock } from '@draftwell/shared/document';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { WithI18n } from '@/test/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newTimeline } from './new-block';
import { TimelineEditor } from './timeline-editor';

let emitted: TTimelineBlock[] = [];
afterEach(() => {
  const all = emitted;
  emitted = [];
  for (const block of all) expect(ZBlock.safeParse(block).error?.issues ?? []).toEqual([]);
});

function renderTimeline(initial: TTimelineBlock = newTimeline(), editable = true) {
  const onChange = vi.fn((next: TTimelineBlock) => emitted.push(next));
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <TimelineEditor
        value={value}
        editable={editable}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />, { wrapper: WithI18n });
  return { onChange, last: () => emitted.at(-1) };
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TimelineEditor', () => {
  it('edits a title, a description and a duration', () => {
    const { last } = renderTimeline();
    change('Title for milestone 1', 'Discovery');
    change('Description (optional) for milestone 1', 'Two workshops');
    change('Duration for milestone 1', '3');
    change('Unit for milestone 1', 'days');
    expect(last()?.milestones[0]).toMatchObject({
      title: 'Discovery',
      description: 'Two workshops',
      when: { kind: 'duration', value: 3, unit: 'days' },
    });
    change('Description (optional) for milestone 1', '');
    expect(last()?.milestones[0]).not.toHaveProperty('description');
  });

  it('refuses a duration out of range with the schema message', () => {
    const { onChange } = renderTimeline();
    change('Duration for milestone 1', '0');
    expect(screen.getByRole('alert').textContent).toBe('A duration is at least 1.');
    change('Duration for milestone 1', '1000');
    expect(screen.getByRole('alert').textContent).toBe('Use a duration of at most 999.');
    change('Duration for milestone 1', 'two');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('switches a milestone to a date and back', () => {
    const { last, onChange } = renderTimeline();
    fireEvent.click(screen.getAllByLabelText('Date')[0]!);
    expect(last()?.milestones[0]?.when.kind).toBe('date');
    change('Date for milestone 1', '2027-03-15');
    expect(last()?.milestones[0]?.when).toEqual({ kind: 'date', date: '2027-03-15' });
    const calls = onChange.mock.calls.length;
    change('Date for milestone 1', '');
    expect(onChange).toHaveBeenCalledTimes(calls);
    expect(screen.getByRole('alert').textContent).toBe('Enter the date as yyyy-mm-dd.');
  });

  it('shows a locked timeline’s dates as the proposal itself prints them', () => {
    const timeline = newTimeline();
    const [first] = timeline.milestones;
    renderTimeline(
      {
        ...timeline,
        milestones: [
          { ...first!, title: 'Launch', when: { kind: 'date', date: '2027-03-15' } },
          { ...first!, id: 'care', title: 'Care', when: { kind: 'duration', value: 1, unit: 'weeks' } },
        ],
      },
      false,
    );
    expect(screen.getByText('Launch').textContent).toBe('LaunchMarch 15, 2027');
    expect(screen.getByText('Care').textContent).toBe('Care1 week');
  });

  it('adds, reorders and deletes milestones', () => {
    const { last } = renderTimeline();
    fireEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(last()?.milestones).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByLabelText('Title for milestone 3'));
    change('Title for milestone 3', 'Launch');
    fireEvent.click(screen.getByRole('button', { name: 'Move milestone 3 up' }));
    expect(last()?.milestones.map((m) => m.title)).toEqual(['Kick-off', 'Launch', 'Delivery']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move milestone 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete milestone 1' }));
    expect(last()?.milestones.map((m) => m.title)).toEqual(['Launch', 'Delivery']);
  });

  it('renders read-only without inputs', () => {
    renderTimeline(newTimeline(), false);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByText('Kick-off')).toBeTruthy();
    expect(screen.getByText('1 week')).toBeTruthy();
  });
});
