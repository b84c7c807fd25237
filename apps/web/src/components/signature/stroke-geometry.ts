/**
 * The drawing maths of the signature pad, apart from any canvas so it can be tested: points
 * kept from the pointer, the smoothed path through them, the box a drawing occupies, what
 * counts as a signature, how a drawing is cropped and scaled for export, and the history behind
 * Undo, Redo and Clear. Coordinates are CSS pixels from the pad's top left corner.
 */

export type TPoint = { readonly x: number; readonly y: number };
export type TStroke = readonly TPoint[];

/** Closer to the last kept point than this is hand tremor or pointer noise: not kept. */
export const MIN_POINT_GAP = 1.5;
/** Less ink than this, in all, is a tap or a slip: not yet a signature. */
export const MIN_INK_LENGTH = 24;

const distance = (a: TPoint, b: TPoint) => Math.hypot(b.x - a.x, b.y - a.y);
const midpoint = (a: TPoint, b: TPoint): TPoint => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Adds `point` to a stroke being drawn unless it is within `gap` of the last one; says whether it did. */
export function appendPoint(stroke: TPoint[], point: TPoint, gap = MIN_POINT_GAP): boolean {
  const last = stroke[stroke.length - 1];
  if (last && distance(last, point) < gap) return false;
  stroke.push(point);
  return true;
}

/** What a canvas context does with a path; a test passes its own recorder. */
export type TPathSink = {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  stroke(): void;
  fill(): void;
};

/**
 * Traces one stroke. A single point is a dot as wide as the line. Otherwise the path runs from the
 * first point to the midpoint of the first two, then along quadratic curves, each with a recorded
 * point as its control point and the midpoints on either side of it as its ends, and last to the
 * final point. Consecutive curves share a tangent at each midpoint, so the line has no corners
 * where the pointer's samples were, and it still passes near every one of them.
 */
export function traceStroke(sink: TPathSink, stroke: TStroke, lineWidth: number): void {
  const first = stroke[0];
  if (!first) return;
  sink.beginPath();
  if (stroke.length === 1) {
    sink.arc(first.x, first.y, lineWidth / 2, 0, Math.PI * 2);
    sink.fill();
    return;
  }
  sink.moveTo(first.x, first.y);
  const start = midpoint(first, stroke[1]!);
  sink.lineTo(start.x, start.y);
  for (let i = 1; i < stroke.length - 1; i++) {
    const control = stroke[i]!;
    const end = midpoint(control, stroke[i + 1]!);
    sink.quadraticCurveTo(control.x, control.y, end.x, end.y);
  }
  const last = stroke[stroke.length - 1]!;
  sink.lineTo(last.x, last.y);
  sink.stroke();
}

export type TBox = { x: number; y: number; width: number; height: number };

/**
 * The box of every recorded point. Each curve of traceStroke lies inside the triangle of its
 * control point and ends, all within the points' hull, so this box holds the whole path (less
 * the line's own width, which the caller adds).
 */
export function strokesBounds(strokes: readonly TStroke[]): TBox | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of strokes) {
    for (const { x, y } of stroke) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return minX === Infinity ? null : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The length of ink along every stroke. */
export function inkLength(strokes: readonly TStroke[]): number {
  let total = 0;
  for (const stroke of strokes) for (let i = 1; i < stroke.length; i++) total += distance(stroke[i - 1]!, stroke[i]!);
  return total;
}

/** Whether a drawing is enough to be a signature: an empty pad, a tap or a short slip is not. */
export const isSignature = (strokes: readonly TStroke[]) => inkLength(strokes) >= MIN_INK_LENGTH;

export type TExportPlan = {
  /** The part of the pad exported, in CSS pixels. */
  crop: TBox;
  /** Image pixels per CSS pixel. */
  scale: number;
  /** The image's size in pixels. */
  width: number;
  height: number;
};

/**
 * Where and how large to export a drawing: the ink's box grown by half the line's width and a
 * margin, at the screen's pixel ratio (so it is as sharp as it looked, no sharper than 3×), and
 * smaller where needed to fit `max`. Null for a drawing with no points.
 */
export function exportPlan(
  strokes: readonly TStroke[],
  options: { lineWidth: number; margin: number; pixelRatio: number; max: { width: number; height: number } },
): TExportPlan | null {
  const bounds = strokesBounds(strokes);
  if (!bounds) return null;
  const grow = options.lineWidth / 2 + options.margin;
  const crop = {
    x: bounds.x - grow,
    y: bounds.y - grow,
    width: bounds.width + 2 * grow,
    height: bounds.height + 2 * grow,
  };
  const ratio = Number.isFinite(options.pixelRatio) && options.pixelRatio > 0 ? options.pixelRatio : 1;
  const scale = Math.min(
    Math.min(Math.max(ratio, 1), 3),
    options.max.width / crop.width,
    options.max.height / crop.height,
  );
  return {
    crop,
    scale,
    width: Math.max(1, Math.min(options.max.width, Math.round(crop.width * scale))),
    height: Math.max(1, Math.min(options.max.height, Math.round(crop.height * scale))),
  };
}

// ---------------------------------------------------------------------------------------- history

/** Steps of history kept for Undo: more than anyone signs with, fewer than would grow unbounded. */
const HISTORY_LIMIT = 100;

/**
 * The drawing and its history. Each change (a stroke added, the pad cleared) keeps what was before
 * it, so Undo takes back the last stroke, or a Clear, and Redo puts back what Undo took until
 * something new is drawn.
 */
export type TDrawing = {
  strokes: readonly TStroke[];
  past: readonly (readonly TStroke[])[];
  future: readonly (readonly TStroke[])[];
};

export type TDrawingAction = { type: 'add'; stroke: TStroke } | { type: 'undo' } | { type: 'redo' } | { type: 'clear' };

export const EMPTY_DRAWING: TDrawing = { strokes: [], past: [], future: [] };

const remember = (past: TDrawing['past'], strokes: readonly TStroke[]) => [...past, strokes].slice(-HISTORY_LIMIT);

export function drawingReducer(state: TDrawing, action: TDrawingAction): TDrawing {
  switch (action.type) {
    case 'add':
      if (action.stroke.length === 0) return state;
      return { strokes: [...state.strokes, action.stroke], past: remember(state.past, state.strokes), future: [] };
    case 'clear':
      if (state.strokes.length === 0) return state;
      return { strokes: [], past: remember(state.past, state.strokes), future: [] };
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { strokes: previous, past: state.past.slice(0, -1), future: [...state.future, state.strokes] };
    }
    case 'redo': {
      const next = state.future[state.future.length - 1];
      if (!next) return state;
      return { strokes: next, past: remember(state.past, state.strokes), future: state.future.slice(0, -1) };
    }
  }
}

export const canUndo = (drawing: TDrawing) => drawing.past.length > 0;
export const canRedo = (drawing: TDrawing) => drawing.future.length > 0;
