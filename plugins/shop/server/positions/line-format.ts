/*
 * A position's data against its category's format (`login:password:email`): the format names the
 * parts, and a line holds exactly that many non-empty parts separated by colons. The last part
 * takes the rest of the line, colons included (`a:b:c:d` for `login:password:email` is the e-mail
 * `c:d`): a secret seldom ends in a colon-free word, and splitting from the left keeps every other
 * part unambiguous. Problems name the part and the counts, never the data itself.
 */

/** A problem with one line: an English template (`{name}` filled from `values`), translated when answered. */
export interface LineProblem {
  readonly template: string;
  readonly values?: Readonly<Record<string, string>>;
}

export const TOO_FEW_PARTS = 'Expected {expected} parts separated by colons ({format}), found {found}.';
export const EMPTY_PART = 'The {part} part is empty.';
export const LINE_TOO_LONG = 'The line is longer than {max} characters.';

/** The most characters one position's data holds (the field's maxLength). */
export const MAX_DATA_LENGTH = 4000;

/** The part names of a format; a format is validated on its category (FORMAT_PATTERN), so it is never empty. */
export function formatParts(format: string): readonly string[] {
  return format.split(':');
}

/** What is wrong with `data` (already trimmed) for `format`, or null when it fits. */
export function formatProblem(data: string, format: string): LineProblem | null {
  if (data.length > MAX_DATA_LENGTH) return { template: LINE_TOO_LONG, values: { max: String(MAX_DATA_LENGTH) } };
  const names = formatParts(format);
  const parts: string[] = [];
  let rest = data;
  for (let index = 0; index < names.length - 1; index++) {
    const colon = rest.indexOf(':');
    if (colon < 0)
      return {
        template: TOO_FEW_PARTS,
        values: { expected: String(names.length), format, found: String(parts.length + 1) },
      };
    parts.push(rest.slice(0, colon));
    rest = rest.slice(colon + 1);
  }
  parts.push(rest);
  const empty = parts.findIndex((part) => part.trim() === '');
  return empty < 0 ? null : { template: EMPTY_PART, values: { part: names[empty] ?? String(empty + 1) } };
}
