import { formatProblem, type LineProblem } from './line-format';
import { ALREADY_LOADED, REPEATED_LINE } from './messages';

/** One position of a paste: its 1-based line in the text as sent (empty lines counted) and its data, trimmed. */
export interface PastedLine {
  readonly line: number;
  readonly data: string;
}

/** A line that cannot be loaded, and why. */
export interface RefusedLine {
  readonly line: number;
  readonly problem: LineProblem;
}

/** The paste's positions: every line that is not blank, numbered as the sender's editor numbers them. */
export function pastedLines(text: string): PastedLine[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((raw, index) => ({ line: index + 1, data: raw.trim() }))
    .filter((entry) => entry.data !== '');
}

/** The lines that fit the format and repeat no earlier line of the paste; the others with their problem. */
export function formatChecked(
  lines: readonly PastedLine[],
  format: string,
): { good: PastedLine[]; refused: RefusedLine[] } {
  const good: PastedLine[] = [];
  const refused: RefusedLine[] = [];
  const first = new Map<string, number>();
  for (const entry of lines) {
    const problem = formatProblem(entry.data, format);
    const earlier = first.get(entry.data);
    if (problem) refused.push({ line: entry.line, problem });
    else if (earlier !== undefined)
      refused.push({ line: entry.line, problem: { template: REPEATED_LINE, values: { line: String(earlier) } } });
    else {
      first.set(entry.data, entry.line);
      good.push(entry);
    }
  }
  return { good, refused };
}

/** Splits `lines` into those the product does not hold yet and those it does (`held`). */
export function newToProduct(
  lines: readonly PastedLine[],
  held: ReadonlySet<string>,
): { good: PastedLine[]; refused: RefusedLine[] } {
  const good: PastedLine[] = [];
  const refused: RefusedLine[] = [];
  for (const entry of lines) {
    if (held.has(entry.data)) refused.push({ line: entry.line, problem: { template: ALREADY_LOADED } });
    else good.push(entry);
  }
  return { good, refused };
}
