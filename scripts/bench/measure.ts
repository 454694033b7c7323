/* Timing, percentiles and the printed table of the benchmark. */

export interface Samples {
  readonly p50: number;
  readonly p95: number;
  readonly count: number;
}

/** Nearest-rank percentile of `values` (0 < p ≤ 100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function summarize(values: readonly number[]): Samples {
  return { p50: percentile(values, 50), p95: percentile(values, 95), count: values.length };
}

/** Runs `work` `warmup` times unmeasured, then `runs` times one after another, timing each. */
export async function sample(work: () => Promise<unknown>, runs: number, warmup = 5): Promise<Samples> {
  for (let i = 0; i < warmup; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return summarize(times);
}

export const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const signedMb = (bytes: number): string => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`;
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');

export type Mark = 'pass' | 'miss' | 'info';

export interface Line {
  readonly database: string;
  readonly what: string;
  readonly p50: string;
  readonly p95: string;
  /** The target and how the measurement compares (✓ / ✗), or a note. */
  readonly target: string;
  readonly mark: Mark;
}

/** The figures, printed as they come and once more as one table at the end. */
export class Report {
  readonly lines: Line[] = [];
  private readonly explained: string[] = [];

  add(line: Line): void {
    this.lines.push(line);
    console.log(`  ${this.format(line)}`);
  }

  note(text: string): void {
    console.log(`  · ${text}`);
  }

  /** A query plan, printed after the table: why a target was missed. */
  plan(title: string, text: string): void {
    this.explained.push(`EXPLAIN ANALYZE, ${title}:\n${text}`);
  }

  plans(): string {
    return this.explained.length === 0 ? '' : `\n${this.explained.join('\n\n')}\n`;
  }

  private widths(): number[] {
    const rows = [HEADER, ...this.lines.map((line) => [line.database, line.what, line.p50, line.p95, line.target])];
    return [0, 1, 2, 3].map((index) => Math.max(...rows.map((row) => (row[index] ?? '').length)));
  }

  private format(line: Line, widths: readonly number[] = [10, 52, 10, 10]): string {
    const mark = line.mark === 'pass' ? '✓' : line.mark === 'miss' ? '✗' : ' ';
    const cells = [line.database, line.what, line.p50, line.p95];
    return `${cells.map((cell, index) => (index >= 2 ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0))).join('  ')}  ${mark} ${line.target}`;
  }

  table(): string {
    const widths = this.widths();
    const header = HEADER.map((cell, index) =>
      index >= 2 && index < 4 ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0),
    );
    const rule = '─'.repeat(widths.reduce((sum, width) => sum + width + 2, 0) + 30);
    const met = this.lines.filter((line) => line.mark === 'pass').length;
    const missed = this.lines.filter((line) => line.mark === 'miss').length;
    return [
      rule,
      `${header.slice(0, 4).join('  ')}    ${HEADER[4]}`,
      rule,
      ...this.lines.map((line) => this.format(line, widths)),
      rule,
      `targets met: ${met}, missed: ${missed}`,
    ].join('\n');
  }
}

const HEADER = ['database', 'measurement', 'p50', 'p95', 'target'];
