import { useState } from 'react';

/**
 * The block's data as the user last changed it. The node view's props catch up with a change a
 * moment after it is dispatched, and may pass through the edits in between: three quick edits (a
 * label, a role, the other label) would otherwise compute the third from props that show only
 * the first, and undo the second. While the props show the data the edits started from, or one
 * this view sent itself, the newest sent data is what the block shows; anything else (an undo,
 * a change from elsewhere) is the truth again.
 */
type TSentRun = { base: unknown; trail: unknown[] };

const catchingUp = (run: TSentRun | null, nodeData: unknown): run is TSentRun =>
  run !== null && run.trail.at(-1) !== nodeData && (run.base === nodeData || run.trail.includes(nodeData));

export function useFreshData(
  nodeData: unknown,
  updateAttributes: (attrs: { data: unknown }) => void,
): [unknown, (next: unknown) => void] {
  const [run, setRun] = useState<TSentRun | null>(null);
  const pending = catchingUp(run, nodeData);
  if (run && !pending) setRun(null);
  const data = pending ? run.trail.at(-1) : nodeData;
  const change = (next: unknown) => {
    setRun((current) =>
      catchingUp(current, nodeData)
        ? { base: current.base, trail: [...current.trail, next] }
        : { base: nodeData, trail: [next] },
    );
    updateAttributes({ data: next });
  };
  return [data, change];
}
