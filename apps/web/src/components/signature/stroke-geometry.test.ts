import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAWING,
  MIN_INK_LENGTH,
  appendPoint,
  canRedo,
  canUndo,
  drawingReducer,
  exportPlan,
  inkLength,
  isSignature,
  strokesBounds,
  traceStroke,
  type TDrawing,
  type TDrawingAction,
  type TPathSink,
  type TPoint,
  type TStroke,
} from './stroke-geometry';

/** A canvas context that writes down what it was asked to draw. */
function recorder() {
  const calls: (string | number)[][] = [];
  const sink: TPathSink = {
    beginPath: () => calls.push(['begin']),
    moveTo: (x, y) => calls.push(['move', x, y]),
    lineTo: (x, y) => calls.push(['line', x, y]),
    quadraticCurveTo: (cx, cy, x, y) => calls.push(['quad', cx, cy, x, y]),
    arc: (x, y, r, a, b) => calls.push(['arc', x, y, r, a, b]),
    stroke: () => calls.push(['stroke']),
    fill: () => calls.push(['fill']),
  };
  return { sink, calls };
}

const pts = (...xy: [number, number][]): TPoint[] => xy.map(([x, y]) => ({ x, y }));

describe('appendPoint', () => {
  it('keeps the first point and each one far enough from the last kept', () => {
    const stroke: TPoint[] = [];
    expect(appendPoint(stroke, { x: 10, y: 10 })).toBe(true);
    expect(appendPoint(stroke, { x: 11, y: 10.5 })).toBe(false);
    expect(appendPoint(stroke, { x: 11.5, y: 10 })).toBe(true);
    expect(appendPoint(stroke, { x: 12, y: 10 }, 0.5)).toBe(true);
    expect(stroke).toEqual(pts([10, 10], [11.5, 10], [12, 10]));
  });
});

describe('traceStroke: quadratic curves through the midpoints', () => {
  it('draws a single point as a dot the width of the line', () => {
    const { sink, calls } = recorder();
    traceStroke(sink, pts([5, 6]), 3);
    expect(calls).toEqual([['begin'], ['arc', 5, 6, 1.5, 0, Math.PI * 2], ['fill']]);
  });

  it('draws two points as a straight line', () => {
    const { sink, calls } = recorder();
    traceStroke(sink, pts([0, 0], [10, 0]), 2);
    expect(calls).toEqual([['begin'], ['move', 0, 0], ['line', 5, 0], ['line', 10, 0], ['stroke']]);
  });

  it('bends through each inner point between the midpoints around it, ending on the last point', () => {
    const { sink, calls } = recorder();
    traceStroke(sink, pts([0, 0], [10, 10], [20, 0], [30, 10]), 2);
    expect(calls).toEqual([
      ['begin'],
      ['move', 0, 0],
      ['line', 5, 5],
      ['quad', 10, 10, 15, 5],
      ['quad', 20, 0, 25, 5],
      ['line', 30, 10],
      ['stroke'],
    ]);
  });

  it('draws nothing for an empty stroke', () => {
    const { sink, calls } = recorder();
    traceStroke(sink, [], 2);
    expect(calls).toEqual([]);
  });
});

describe('bounds and ink', () => {
  it('boxes every point of every stroke', () => {
    expect(strokesBounds([])).toBeNull();
    expect(strokesBounds([[]])).toBeNull();
    expect(strokesBounds([pts([10, 40], [30, 20]), pts([5, 25])])).toEqual({ x: 5, y: 20, width: 25, height: 20 });
  });

  it('measures the ink along each stroke, not between strokes', () => {
    expect(inkLength([pts([0, 0], [3, 4], [3, 10]), pts([100, 100], [100, 101])])).toBe(12);
  });

  it('takes neither an empty pad, nor a tap, nor a short slip for a signature', () => {
    expect(isSignature([])).toBe(false);
    expect(isSignature([pts([10, 10])])).toBe(false);
    expect(isSignature([pts([10, 10], [10 + MIN_INK_LENGTH - 1, 10])])).toBe(false);
    expect(isSignature([pts([10, 10], [10 + MIN_INK_LENGTH, 10])])).toBe(true);
    // Ten taps are still no signature.
    expect(isSignature(Array.from({ length: 10 }, (_, i) => pts([i * 20, 10])))).toBe(false);
  });
});

describe('exportPlan: the crop and scale of the exported image', () => {
  const options = { lineWidth: 2, margin: 4, pixelRatio: 2, max: { width: 1200, height: 600 } };

  it('crops to the ink plus half the line and a margin, at the screen pixel ratio', () => {
    expect(exportPlan([pts([20, 30], [120, 60])], options)).toEqual({
      crop: { x: 15, y: 25, width: 110, height: 40 },
      scale: 2,
      width: 220,
      height: 80,
    });
  });

  it('never exports below 1× nor above 3×, and treats a nonsense ratio as 1×', () => {
    const stroke = [pts([0, 0], [90, 40])];
    expect(exportPlan(stroke, { ...options, pixelRatio: 0.5 })?.scale).toBe(1);
    expect(exportPlan(stroke, { ...options, pixelRatio: 4 })?.scale).toBe(3);
    expect(exportPlan(stroke, { ...options, pixelRatio: Number.NaN })?.scale).toBe(1);
  });

  it('scales a large drawing down to fit the limit', () => {
    const plan = exportPlan([pts([0, 0], [990, 90])], { ...options, pixelRatio: 3 })!;
    expect(plan.crop.width).toBe(1000);
    expect(plan.scale).toBeCloseTo(1.2);
    expect(plan.width).toBe(1200);
    expect(plan.height).toBe(120);
  });

  it('has nothing to export without a point', () => {
    expect(exportPlan([], options)).toBeNull();
  });
});

describe('drawingReducer: Undo, Redo and Clear', () => {
  const a: TStroke = pts([0, 0], [50, 0]);
  const b: TStroke = pts([0, 10], [50, 10]);
  const c: TStroke = pts([0, 20], [50, 20]);
  const run = (...actions: TDrawingAction[]) => actions.reduce<TDrawing>(drawingReducer, EMPTY_DRAWING);

  it('adds strokes and takes back the last one, then puts it back', () => {
    const drawn = run({ type: 'add', stroke: a }, { type: 'add', stroke: b });
    expect(drawn.strokes).toEqual([a, b]);
    const undone = drawingReducer(drawn, { type: 'undo' });
    expect(undone.strokes).toEqual([a]);
    expect(canRedo(undone)).toBe(true);
    expect(drawingReducer(undone, { type: 'redo' }).strokes).toEqual([a, b]);
  });

  it('undoes every stroke back to an empty pad, and no further', () => {
    const empty = run({ type: 'add', stroke: a }, { type: 'add', stroke: b }, { type: 'undo' }, { type: 'undo' });
    expect(empty.strokes).toEqual([]);
    expect(canUndo(empty)).toBe(false);
    expect(drawingReducer(empty, { type: 'undo' })).toBe(empty);
  });

  it('undoes a Clear, bringing every stroke back', () => {
    const cleared = run({ type: 'add', stroke: a }, { type: 'add', stroke: b }, { type: 'clear' });
    expect(cleared.strokes).toEqual([]);
    expect(drawingReducer(cleared, { type: 'undo' }).strokes).toEqual([a, b]);
  });

  it('forgets what can be redone once something new is drawn', () => {
    const state = run(
      { type: 'add', stroke: a },
      { type: 'add', stroke: b },
      { type: 'undo' },
      { type: 'add', stroke: c },
    );
    expect(state.strokes).toEqual([a, c]);
    expect(canRedo(state)).toBe(false);
    expect(drawingReducer(state, { type: 'redo' })).toBe(state);
  });

  it('changes nothing for a Clear of an empty pad or an empty stroke', () => {
    expect(drawingReducer(EMPTY_DRAWING, { type: 'clear' })).toBe(EMPTY_DRAWING);
    expect(drawingReducer(EMPTY_DRAWING, { type: 'add', stroke: [] })).toBe(EMPTY_DRAWING);
  });

  it('keeps a bounded history', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ type: 'add', stroke: pts([i, 0], [i, 50]) }) as const);
    const state = run(...many);
    expect(state.strokes).toHaveLength(150);
    expect(state.past).toHaveLength(100);
  });
});
