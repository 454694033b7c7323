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

const format = (version: Version): string => version.join('.');

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`; throws on a version it cannot read. */
export function compareVersions(a: string, b: string): number {
  const [left, right] = [parseVersion(a), parseVersion(b)];
  if (!left || !right) throw new Error(`"${left ? b : a}" is not a version major.minor.patch`);
  return compare(left, right);
}

/** Caret as npm reads it: changes to the left-most non-zero part are breaking. */
function caretHolds(version: Version, base: Version): boolean {
  if (compare(version, base) < 0) return false;
  if (base[0] > 0) return version[0] === base[0];
  if (base[1] > 0) return version[0] === 0 && version[1] === base[1];
  return version[0] === 0 && version[1] === 0 && version[2] === base[2];
}

interface Comparator {
  readonly holds: (version: Version) => boolean;
  /** Every comparator here admits no version below its base, and admits the base itself. */
  readonly base: Version;
}

function parseComparator(text: string): Comparator | null {
  const [, operator, rest = ''] = COMPARATOR.exec(text) ?? [];
  const base = parseVersion(rest);
  if (!base) return null;
  if (operator === '^') return { base, holds: (version) => caretHolds(version, base) };
  if (operator === '>=') return { base, holds: (version) => compare(version, base) >= 0 };
  return { base, holds: (version) => compare(version, base) === 0 };
}

/** The range's alternatives (`||`), each the comparators that must all hold; null when it is not one this module reads. */
function parseAlternatives(range: string): Comparator[][] | null {
  const alternatives = range.split('||').map((alternative) => alternative.trim().split(/\s+/).filter(Boolean));
  if (alternatives.some((parts) => parts.length === 0)) return null;
  const parsed = alternatives.map((parts) => parts.map(parseComparator));
  if (parsed.some((parts) => parts.some((part) => part === null))) return null;
  return parsed as Comparator[][];
}

/** The range as a test of versions, or null when it is not one this module reads. */
function parseRange(range: string): ((version: Version) => boolean) | null {
  const alternatives = parseAlternatives(range);
  return alternatives && ((version) => alternatives.some((parts) => parts.every((part) => part.holds(version))));
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

/**
 * The lowest version `range` admits, or null when it admits none or cannot be read. Each
 * alternative's lowest candidate is the highest of its comparators' bases; it counts when every
 * comparator holds there.
 */
export function lowestAdmitted(range: string): string | null {
  const alternatives = parseAlternatives(range);
  if (!alternatives) return null;
  const lowest = alternatives
    .map((parts) => parts.map((part) => part.base).reduce((high, base) => (compare(base, high) > 0 ? base : high)))
    .filter((candidate, index) => alternatives[index]?.every((part) => part.holds(candidate)))
    .sort(compare)[0];
  return lowest ? format(lowest) : null;
}
