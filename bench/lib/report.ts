export type TVerdict = 'PASS' | 'FAIL' | 'n/a';

export type TRow = {
  id: string;
  figure: string;
  value: string;
  target: string;
  /** A ratio to show next to the verdict, e.g. "0.71". */
  ratio?: string;
  verdict: TVerdict;
};

export const verdict = (ok: boolean): TVerdict => (ok ? 'PASS' : 'FAIL');

export function formatTable(rows: TRow[]): string {
  const header = ['#', 'Figure', 'Value', 'Target', 'Ratio / pass'];
  const cells = rows.map((r) => [
    r.id,
    r.figure,
    r.value,
    r.target,
    r.verdict === 'n/a' ? (r.ratio ?? '—') : [r.ratio, r.verdict].filter(Boolean).join('  '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join(' │ ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  return [line(header), rule, ...cells.map(line)].join('\n');
}

export const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

/** Vite's unit: 1 kB = 1000 bytes (the stricter reading of the targets' "KB"). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
