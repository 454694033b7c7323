/**
 * The report of the SDK's exported names (core/sdk/exports.json): each entry point's names with
 * their kind, and the SDK_VERSION they were taken at. `npm run sdk:report` writes it; a unit test
 * fails while the entry points export other names than it records, and `versionProblem` says
 * which version step a change needs (a name removed or turned between type and value: major; a
 * name added or a kind changed within values or within types: minor).
 *
 * The entry points are lists of named re-exports (`export { a, type B } from '…'`), so their names
 * are read from the source text; each name's kind is found by following the re-exports to its
 * declaration. Not part of the SDK itself.
 */
import { join, relative } from 'node:path';
import { readSource, REPO_ROOT, resolveSpecifier, withoutComments } from './source-files';

export type ExportKind = 'class' | 'function' | 'const' | 'enum' | 'interface' | 'type';
export type EntryExports = Readonly<Record<string, ExportKind>>;

export interface ExportReport {
  /** The SDK_VERSION the names were taken at. */
  readonly version: string;
  /** By import path (`@core/sdk/web`), each name and its kind, sorted. */
  readonly entries: Readonly<Record<string, EntryExports>>;
}

/** The entry points a plugin or a plugin's tests import, by import path. */
export const SDK_ENTRIES: Readonly<Record<string, string>> = {
  '@core/sdk/shared': 'core/sdk/shared.ts',
  '@core/sdk/web': 'core/sdk/web.ts',
  '@core/sdk/server': 'core/sdk/server.ts',
  '@core/sdk/testing': 'core/sdk/testing.ts',
  '@core/sdk/testing-web': 'core/sdk/testing-web.ts',
  '@core/sdk/testing-e2e': 'core/sdk/testing-e2e.ts',
};

export const REPORT_FILE = join(REPO_ROOT, 'core/sdk/exports.json');

const TYPE_KINDS: ReadonlySet<ExportKind> = new Set(['interface', 'type']);

interface NamedExport {
  readonly name: string;
  /** The name in the module it comes from. */
  readonly local: string;
  readonly from: string;
}

const NAMED_REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]\s*;?/g;

/** The names an entry point re-exports; anything else in the file is an error, so nothing escapes the report. */
function entryExports(file: string): NamedExport[] {
  const code = withoutComments(readSource(file));
  const leftover = code.replace(NAMED_REEXPORT, '').trim();
  if (leftover !== '') {
    throw new Error(`${relative(REPO_ROOT, file)} may hold only \`export { … } from '…'\` statements; found: ${leftover.slice(0, 80)}`);
  }
  return [...code.matchAll(NAMED_REEXPORT)].flatMap((match) =>
    (match[2] ?? '')
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => {
        const [local = '', name = local] = part.split(/\s+as\s+/);
        return { name, local, from: match[3] ?? '' };
      }),
  );
}

const DECLARATIONS: readonly (readonly [RegExp, ExportKind])[] = [
  [/(?:abstract\s+)?class\s+NAME\b/, 'class'],
  [/(?:async\s+)?function\s*\*?\s*NAME\b/, 'function'],
  [/(?:const|let|var)\s+NAME\b/, 'const'],
  [/(?:const\s+)?enum\s+NAME\b/, 'enum'],
  [/interface\s+NAME\b/, 'interface'],
  [/type\s+NAME\b/, 'type'],
];

/** The kind of `name` as `file` exports it, following re-exports; null when it cannot be found. */
function kindIn(file: string, name: string, seen: Set<string> = new Set()): ExportKind | null {
  const key = `${file}#${name}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const code = withoutComments(readSource(file));
  const escaped = name.replace(/\$/g, '\\$');
  for (const [pattern, kind] of DECLARATIONS) {
    const declared = new RegExp(`(?:^|\\n)\\s*export\\s+(?:declare\\s+)?(?:default\\s+)?${pattern.source.replace('NAME', escaped)}`);
    if (declared.test(code)) return kind;
  }
  for (const match of code.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*['"]([^'"]+)['"])?/g)) {
    for (const part of (match[1] ?? '').split(',').map((text) => text.trim().replace(/^type\s+/, ''))) {
      const [local = '', exported = local] = part.split(/\s+as\s+/);
      if (exported !== name) continue;
      const target = match[2] ? resolveSpecifier(match[2], file) : importSource(code, local, file);
      if (target) return kindIn(target, local, seen);
      for (const [pattern, kind] of DECLARATIONS) {
        if (new RegExp(`(?:^|\\n)\\s*${pattern.source.replace('NAME', local.replace(/\$/g, '\\$'))}`).test(code)) return kind;
      }
    }
  }
  for (const match of code.matchAll(/export\s+\*\s+from\s+['"]([^'"]+)['"]/g)) {
    const target = resolveSpecifier(match[1] ?? '', file);
    const kind = target ? kindIn(target, name, seen) : null;
    if (kind) return kind;
  }
  return null;
}

/** The file `local` was imported from in `code`, when it was. */
function importSource(code: string, local: string, file: string): string | null {
  for (const match of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const names = (match[1] ?? '').split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).at(-1));
    if (names.includes(local)) return resolveSpecifier(match[2] ?? '', file);
  }
  return null;
}

/** What the entry points export now, with the given version. Throws on a name whose kind cannot be found. */
export function currentReport(version: string): ExportReport {
  const entries: Record<string, EntryExports> = {};
  for (const [entry, path] of Object.entries(SDK_ENTRIES)) {
    const file = join(REPO_ROOT, path);
    const names: Record<string, ExportKind> = {};
    for (const named of entryExports(file)) {
      const target = resolveSpecifier(named.from, file);
      const kind = target ? kindIn(target, named.local) : null;
      if (!kind) throw new Error(`${entry}: cannot find what "${named.name}" from "${named.from}" is`);
      if (names[named.name]) throw new Error(`${entry} exports "${named.name}" twice`);
      names[named.name] = kind;
    }
    entries[entry] = Object.fromEntries(Object.entries(names).sort(([a], [b]) => a.localeCompare(b)));
  }
  return { version, entries };
}

export interface ReportChanges {
  readonly removed: readonly string[];
  readonly added: readonly string[];
  /** A name turned from a type into a value or back: breaking for whoever used it as the other. */
  readonly recast: readonly string[];
  /** A kind changed within values or within types (a const became a function). */
  readonly rekinded: readonly string[];
}

/** The differences between two reports' names, as `entry:name`. */
export function reportChanges(recorded: ExportReport, current: ExportReport): ReportChanges {
  const removed: string[] = [];
  const added: string[] = [];
  const recast: string[] = [];
  const rekinded: string[] = [];
  for (const entry of new Set([...Object.keys(recorded.entries), ...Object.keys(current.entries)])) {
    const before = recorded.entries[entry] ?? {};
    const after = current.entries[entry] ?? {};
    for (const name of Object.keys(before)) if (!(name in after)) removed.push(`${entry}:${name}`);
    for (const [name, kind] of Object.entries(after)) {
      const was = before[name];
      if (was === undefined) added.push(`${entry}:${name}`);
      else if (TYPE_KINDS.has(was) !== TYPE_KINDS.has(kind)) recast.push(`${entry}:${name}`);
      else if (was !== kind) rekinded.push(`${entry}:${name}`);
    }
  }
  return { removed, added, recast, rekinded };
}

const parts = (version: string): [number, number, number] => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`SDK version "${version}" is not major.minor.patch`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

/** The step the names' changes need: major, minor or none. */
export function neededStep(changes: ReportChanges): 'major' | 'minor' | 'none' {
  if (changes.removed.length > 0 || changes.recast.length > 0) return 'major';
  if (changes.added.length > 0 || changes.rekinded.length > 0) return 'minor';
  return 'none';
}

/**
 * Why `version` cannot be the SDK_VERSION of `current` given the `recorded` report, or null when
 * it can: a major step for breaking changes, at least a minor one for additions, never a step back.
 */
export function versionProblem(recorded: ExportReport, current: ExportReport, version: string): string | null {
  const [oldMajor, oldMinor, oldPatch] = parts(recorded.version);
  const [major, minor, patch] = parts(version);
  const changes = reportChanges(recorded, current);
  const step = neededStep(changes);
  const list = (label: string, names: readonly string[]) => (names.length > 0 ? [`${label}: ${names.join(', ')}`] : []);
  const described = [...list('removed', changes.removed), ...list('changed between type and value', changes.recast), ...list('added', changes.added), ...list('changed kind', changes.rekinded)].join('; ');
  const older = major < oldMajor || (major === oldMajor && (minor < oldMinor || (minor === oldMinor && patch < oldPatch)));
  if (older) return `SDK_VERSION ${version} is older than the report's ${recorded.version}`;
  if (step === 'major' && major === oldMajor) {
    return `the SDK's names changed incompatibly (${described}): SDK_VERSION must go to ${oldMajor + 1}.0.0 (it is ${version}, the report was taken at ${recorded.version})`;
  }
  if (step === 'minor' && major === oldMajor && minor === oldMinor) {
    return `the SDK's names grew (${described}): SDK_VERSION must go to at least ${oldMajor}.${oldMinor + 1}.0 (it is ${version}, the report was taken at ${recorded.version})`;
  }
  return null;
}
