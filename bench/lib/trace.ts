/**
 * Reading a Chromium trace (browser.startTracing/stopTracing): the renderer main thread's tasks
 * between two `performance.mark`s, with their wall time and the CPU time the thread really got.
 * On a busy machine a task's wall time includes the time the thread waited for a CPU; its CPU
 * time is what the page's own work cost.
 */

/** Enough for RunTask (with thread time) and user-timing marks; cheap enough not to skew the figures. */
export const TASK_TRACE_CATEGORIES = [
  'disabled-by-default-devtools.timeline',
  'devtools.timeline',
  'blink.user_timing',
  'toplevel',
];

type TTraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

export type TTraceTask = {
  /** Milliseconds after the start mark. */
  at: number;
  wallMs: number;
  /** Thread time: null when the trace has none for this task. */
  cpuMs: number | null;
};

export function mainThreadTasks(trace: Buffer, startMark: string, endMark: string): TTraceTask[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TTraceEvent[] } | TTraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mark = (name: string) => events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  const start = mark(startMark);
  const end = mark(endMark);
  if (!start || !end) throw new Error(`the trace has no performance marks ${startMark} and ${endMark}`);
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('the trace has no renderer main thread for the page');
  return events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ts >= start.ts &&
        e.ts + (e.dur ?? 0) <= end.ts,
    )
    .map((e) => ({
      at: (e.ts - start.ts) / 1000,
      wallMs: (e.dur ?? 0) / 1000,
      cpuMs: e.tdur === undefined ? null : e.tdur / 1000,
    }));
}
