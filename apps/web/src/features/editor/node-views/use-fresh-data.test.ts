import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFreshData } from './use-fresh-data';

/** The node's data as ProseMirror hands it to the view: the props lag the dispatched changes. */
function setup(initial: object) {
  const updateAttributes = vi.fn();
  const hook = renderHook(({ nodeData }) => useFreshData(nodeData, updateAttributes), {
    initialProps: { nodeData: initial as unknown },
  });
  const shown = () => hook.result.current[0] as { label?: string; role?: string; client?: string };
  const edit = (patch: object) => {
    const next = { ...shown(), ...patch };
    act(() => hook.result.current[1](next));
    return next;
  };
  const props = (nodeData: object) => hook.rerender({ nodeData });
  return { shown, edit, props, updateAttributes };
}

describe('useFreshData', () => {
  it('three quick edits: the props passing through the states in between never undo one', () => {
    const d0 = { label: 'Sender', role: '', client: 'Client' };
    const t = setup(d0);
    const d1 = t.edit({ label: 'Ada Lovelace' });
    const d2 = t.edit({ role: 'Founder' }); // the props still show d0
    expect(t.shown()).toEqual({ label: 'Ada Lovelace', role: 'Founder', client: 'Client' });
    t.props(d1); // the first edit arrives; the second is still on its way
    expect(t.shown()).toBe(d2);
    const d3 = t.edit({ client: 'Morgan Lee' });
    expect(d3).toEqual({ label: 'Ada Lovelace', role: 'Founder', client: 'Morgan Lee' });
    t.props(d2);
    expect(t.shown()).toBe(d3);
    t.props(d3);
    expect(t.shown()).toBe(d3);
    expect(t.updateAttributes.mock.calls.map(([a]) => a.data)).toEqual([d1, d2, d3]);
  });

  it('data from elsewhere (an undo, another tab) is the truth again', () => {
    const d0 = { label: 'Sender' };
    const t = setup(d0);
    t.edit({ label: 'Ada' });
    const undone = { label: 'Sender' };
    t.props(undone);
    expect(t.shown()).toBe(undone);
    // The next edit starts from what is shown now.
    expect(t.edit({ role: 'Founder' })).toEqual({ label: 'Sender', role: 'Founder' });
  });
});
