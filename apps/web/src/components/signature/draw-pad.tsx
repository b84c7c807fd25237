import { Eraser, Redo2, Undo2 } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';
import { paintPad, sizePad } from './signature-canvas';
import { appendPoint, type TPoint, type TStroke } from './stroke-geometry';

/**
 * A pad button that stays focusable when it has nothing to do (aria-disabled, not disabled): Undo
 * pressed until nothing is left to undo keeps the keyboard's place instead of dropping it.
 */
function PadButton({
  icon,
  label,
  off,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  off: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-disabled={off || undefined}
      onClick={off ? undefined : onClick}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {icon}
      {label}
    </Button>
  );
}

/** The canvas's drawing area on screen: inside its border, which getBoundingClientRect includes. */
function padBox(element: HTMLCanvasElement) {
  const rect = element.getBoundingClientRect();
  return {
    left: rect.left + element.clientLeft,
    top: rect.top + element.clientTop,
    // jsdom lays nothing out and says 0 here; a browser says 0 only for a canvas not shown.
    width: element.clientWidth || rect.width,
    height: element.clientHeight || rect.height,
  };
}

type TActive = { pointerId: number; left: number; top: number; width: number; height: number; points: TPoint[] };

export type TDrawPadProps = {
  strokes: readonly TStroke[];
  onStroke: (stroke: TStroke) => void;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  canUndo: boolean;
  canRedo: boolean;
  /** What is wrong with the drawing, shown under the pad. */
  message?: string | undefined;
  /** A way to sign without a pointer, offered to keyboard users (drawing needs a path, WCAG 2.1.1). */
  keyboardAlternative?: { label: string; onSelect: () => void } | null;
  disabled?: boolean;
};

/**
 * The drawing pad: a canvas fed by Pointer Events (mouse, pen and touch alike; one pointer at a
 * time), sized in device pixels so the ink is sharp, with `touch-action: none` so a finger draws
 * instead of scrolling the page. Strokes are the caller's (they outlive a switch of tab); the
 * stroke under way is this component's until the pointer lifts.
 */
export function DrawPad(props: TDrawPadProps) {
  const { strokes, onStroke, disabled } = props;
  const { i18n } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const canvas = useRef<HTMLCanvasElement>(null);
  const ctx = useRef<CanvasRenderingContext2D | null>(null);
  const active = useRef<TActive | null>(null);
  const frame = useRef(0);
  const latestStrokes = useRef(strokes);
  const [drawing, setDrawing] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const paint = useCallback(() => {
    frame.current = 0;
    if (!ctx.current) return;
    const now = active.current;
    paintPad(ctx.current, now ? [...latestStrokes.current, now.points] : latestStrokes.current);
  }, []);

  const schedulePaint = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(paint);
  }, [paint]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // The canvas follows its CSS size (a phone turned, a window resized) and the screen's density.
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const resize = () => {
      const { width, height } = padBox(element);
      if (width === 0 || height === 0) return;
      ctx.current = sizePad(element, { width, height }, window.devicePixelRatio || 1);
      paint();
    };
    resize();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    return () => observer.disconnect();
  }, [paint]);

  useEffect(() => {
    latestStrokes.current = strokes;
    paint();
  }, [strokes, paint]);

  const pointAt = (a: TActive, event: { clientX: number; clientY: number }): TPoint => ({
    x: Math.min(Math.max(event.clientX - a.left, 0), a.width),
    y: Math.min(Math.max(event.clientY - a.top, 0), a.height),
  });

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || active.current || !event.isPrimary) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    const element = event.currentTarget;
    element.setPointerCapture?.(event.pointerId);
    const { left, top, width, height } = padBox(element);
    const a: TActive = { pointerId: event.pointerId, left, top, width, height, points: [] };
    appendPoint(a.points, pointAt(a, event));
    active.current = a;
    setDrawing(true);
    schedulePaint();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const a = active.current;
    if (!a || event.pointerId !== a.pointerId) return;
    event.preventDefault();
    // Between two frames the pointer may report several positions: all of them make the line.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const sample of coalesced.length > 0 ? coalesced : [event]) appendPoint(a.points, pointAt(a, sample));
    schedulePaint();
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    const a = active.current;
    if (!a || event.pointerId !== a.pointerId) return;
    active.current = null;
    setDrawing(false);
    onStroke(a.points);
  };

  const act = (run: () => void, said: string) => () => {
    run();
    setAnnouncement(said);
  };

  const empty = strokes.length === 0 && !drawing;
  const describedBy = [hintId, props.message ? messageId : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-3">
      <div className="relative">
        <canvas
          ref={canvas}
          role="img"
          aria-label={empty ? i18n._('Signature pad, empty') : i18n._('Signature pad with your drawing')}
          aria-describedby={describedBy}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className="border-input block h-44 w-full cursor-crosshair touch-none overscroll-contain rounded-md border bg-white select-none [-webkit-touch-callout:none] sm:h-48"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-5 bottom-10 border-b border-dashed border-slate-400"
        />
        <span aria-hidden="true" className="pointer-events-none absolute bottom-10 start-5 text-lg text-slate-500">
          ×
        </span>
        {empty ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-6 text-center text-sm text-slate-600"
          >
            {i18n._('Sign here')}
          </span>
        ) : null}
      </div>
      <p id={hintId} className="text-muted-foreground text-sm">
        {i18n._('Draw your signature with a mouse, a finger or a pen.')}
        {props.keyboardAlternative ? (
          <>
            {' '}
            {i18n._('Using a keyboard?')}{' '}
            <button
              type="button"
              onClick={props.keyboardAlternative.onSelect}
              className="text-foreground font-medium underline underline-offset-2"
            >
              {props.keyboardAlternative.label}
            </button>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <PadButton
          icon={<Undo2 aria-hidden="true" />}
          label={i18n._('Undo')}
          off={disabled || !props.canUndo}
          onClick={act(props.onUndo, i18n._('Took back the last change.'))}
        />
        <PadButton
          icon={<Redo2 aria-hidden="true" />}
          label={i18n._('Redo')}
          off={disabled || !props.canRedo}
          onClick={act(props.onRedo, i18n._('Put the change back.'))}
        />
        <PadButton
          icon={<Eraser aria-hidden="true" />}
          label={i18n._('Clear')}
          off={disabled || strokes.length === 0}
          onClick={act(props.onClear, i18n._('Cleared the drawing.'))}
        />
      </div>
      {props.message ? (
        <p id={messageId} role="alert" className="text-destructive text-sm">
          {props.message}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
