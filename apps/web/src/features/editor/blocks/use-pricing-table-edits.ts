import type { TPricingLine, TPricingTable } from '@draftwell/shared/document';
import { useEffect, useRef, useState } from 'react';
import { tableError } from './pricing-line-fields';
import { addLine, choosePackage, duplicateLine, moveLine, removeLine, replaceLine } from './pricing-table-ops';

/** Where focus goes after an edit: a line's control, or the Add button when no line is left. */
export type TFocusRequest = { lineId: string; target: 'up' | 'down' | 'description' } | { lineId: null; target: 'add' };

/**
 * The pricing table editor's edits: each one is emitted only when it leaves a valid table (else
 * the schema's message is kept to show), and moves focus where the user expects it next (the line
 * moved, the copy, the neighbour of a deleted line).
 */
export function usePricingTableEdits(value: TPricingTable, onChange: (next: TPricingTable) => void) {
  const [tableProblem, setTableProblem] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<TFocusRequest | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusRequest?.target === 'add') addButtonRef.current?.focus();
  }, [focusRequest]);

  /** Emits `next` when it is a valid table; an edit cannot make a valid table invalid. */
  function emit(next: TPricingTable): boolean {
    const wasValid = tableError(value) === null;
    const problem = wasValid ? tableError(next) : null;
    setTableProblem(problem);
    if (problem) return false;
    onChange(next);
    return true;
  }

  function add(line: TPricingLine) {
    if (emit(addLine(value, line))) setFocusRequest({ lineId: line.id, target: 'description' });
  }

  function move(index: number, direction: 'up' | 'down') {
    const line = value.lines[index];
    const to = direction === 'up' ? index - 1 : index + 1;
    if (!line || !emit(moveLine(value, index, to))) return;
    const edge = direction === 'up' ? to === 0 : to === value.lines.length - 1;
    setFocusRequest({ lineId: line.id, target: edge ? (direction === 'up' ? 'down' : 'up') : direction });
  }

  function duplicate(index: number) {
    const next = duplicateLine(value, index);
    const copy = next.lines[index + 1];
    if (emit(next) && copy) setFocusRequest({ lineId: copy.id, target: 'description' });
  }

  function remove(index: number) {
    const next = removeLine(value, index);
    if (!emit(next)) return;
    const neighbour = next.lines[Math.min(index, next.lines.length - 1)];
    setFocusRequest(neighbour ? { lineId: neighbour.id, target: 'description' } : { lineId: null, target: 'add' });
  }

  return {
    tableProblem,
    focusRequest,
    addButtonRef,
    emit,
    add,
    move,
    duplicate,
    remove,
    replace: (index: number, line: TPricingLine) => emit(replaceLine(value, index, line)),
    choose: (index: number) => emit(choosePackage(value, index)),
  };
}
