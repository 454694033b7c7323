/**
 * The little of semantic versioning the host needs to match a plugin's `sdk` range: versions
 * `major.minor.patch` (no pre-release tags) and ranges `^x.y.z`, `>=x.y.z`, an exact `x.y.z`, or
 * several of these joined by spaces (all must hold) or `||` (one must hold).
 */

type Version = readonly [number, number, number];

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const COMPARATOR = /^(\^|>=)?(.+)$/;

function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Caret as npm reads it: changes to the left-most non-zero part are breaking. */
function caretHolds(version: Version, base: Version): boolean {
  if (compare(version, base) < 0) return false;
  if (base[0] > 0) return version[0] === base[0];
  if (base[1] > 0) return version[0] === 0 && version[1] === base[1];
  return version[0] === 0 && version[1] === 0 && version[2] === base[2];
}

type Comparator = (version: Version) => boolean;

function parseComparator(text: string): Comparator | null {
  const [, operator, rest = ''] = COMPARATOR.exec(text) ?? [];
  const base = parseVersion(rest);
  if (!base) return null;
  if (operator === '^') return (version) => caretHolds(version, base);
  if (operator === '>=') return (version) => compare(version, base) >= 0;
  return (version) => compare(version, base) === 0;
}

/** The range as a test of versions, or null when it is not one this module reads. */
function parseRange(range: string): Comparator | null {
  const alternatives = range.split('||').map((alternative) => alternative.trim().split(/\s+/).filter(Boolean));
  if (alternatives.some((parts) => parts.length === 0)) return null;
  const parsed = alternatives.map((parts) => parts.map(parseComparator));
  if (parsed.some((parts) => parts.some((part) => part === null))) return null;
  const tests = parsed as Comparator[][];
  return (version) => tests.some((parts) => parts.every((test) => test(version)));
}

/** Whether `range` is one `satisfiesRange` can read. */
export function isValidRange(range: string): boolean {
  return parseRange(range) !== null;
}

/** Whether `version` lies in `range`; false for a version or range this module cannot read. */
export function satisfiesRange(version: string, range: string): boolean {
  const parsedVersion = parseVersion(version);
  const test = parseRange(range);
  return parsedVersion !== null && test !== null && test(parsedVersion);
}
