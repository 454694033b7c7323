/**
 * The report of the SDK's exported names (core/sdk/exports.json): each entry point's names with
 * their kind, the SDK version each was added in (`since`), the replacement of each deprecated one,
 * and the SDK_VERSION they were taken at. `npm run sdk:report` writes it; a unit test fails while
 * the entry points export other names than it records, and `versionProblem` says which version
 * step a change needs (a name removed or turned between type and value: major; a name added or a
 * kind changed within values or within types: minor). `erp-plugin build` reads `since` to tell
 * the lowest SDK a plugin needs, and `deprecated` to warn of the names it should move off.
 *
 * The entry points are lists of named re-exports (`export { a, type B } from '…'`), so their names
 * are read from the source text; each name's kind is found by following the re-exports to its
 * declaration. Not part of the SDK itself.
 */
import { join, relative } from 'node:path';
import { compareVersions } from '../semver';
import { readSource, REPO_ROOT, resolveSpecifier, withoutComments } from './source-files';

export type ExportKind = 'class' | 'function' | 'const' | 'enum' | 'interface' | 'type';

export interface ExportedName {
  readonly kind: ExportKind;
  /** The SDK version the name was added in. */
  readonly since: string;
  /** What replaces it, from the JSDoc `@deprecated` on its declaration or on its entry point's export. */
  readonly deprecated?: string;
  /** An interface's deprecated members (the 1.x context fields), each with what replaces it. */
  readonly deprecatedMembers?: Readonly<Record<string, string>>;
}

export type EntryExports = Readonly<Record<string, ExportedName>>;

export interface ExportReport {
  /** The SDK_VERSION the names were taken at. */
  readonly version: string;
  /** By import path (`@core/sdk/web`), each name and what it is, sorted. */
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
  /** The `@deprecated` note written on this export in the entry point, if any. */
  readonly deprecated: string | null;
}

const NAMED_REEXPORT = /export\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]\s*;?/g;

/** The text after `@deprecated` in a JSDoc body, up to the next tag, on one line; null when absent. */
function deprecationIn(jsdoc: string): string | null {
  const match = /@deprecated\b([\s\S]*?)(?=\n\s*\*?\s*@\w|$)/.exec(jsdoc);
  if (!match) return null;
  const text = (match[1] ?? '')
    .replace(/^\s*\*\s?/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? 'deprecated' : text;
}

const escapeName = (name: string): string => name.replace(/\$/g, '\\$');

/** The `@deprecated` note of the JSDoc right before `code` (a regular expression source) in `source`. */
function deprecationBefore(source: string, code: string): string | null {
  const match = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*${code}`).exec(source);
  return match ? deprecationIn(match[1] ?? '') : null;
}

/** The names an entry point re-exports; anything else in the file is an error, so nothing escapes the report. */
function entryExports(file: string): NamedExport[] {
  const source = readSource(file);
  const code = withoutComments(source);
  const leftover = code.replace(NAMED_REEXPORT, '').trim();
  if (leftover !== '') {
    throw new Error(
      `${relative(REPO_ROOT, file)} may hold only \`export { … } from '…'\` statements; found: ${leftover.slice(0, 80)}`,
    );
  }
  return [...code.matchAll(NAMED_REEXPORT)].flatMap((match) =>
    (match[2] ?? '')
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) => {
        const [local = '', name = local] = part.split(/\s+as\s+/);
        const written = `(?:type\\s+)?${escapeName(local)}${name === local ? '' : `\\s+as\\s+${escapeName(name)}`}\\s*[,}]`;
        return { name, local, from: match[3] ?? '', deprecated: deprecationBefore(source, written) };
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

interface Declaration {
  readonly kind: ExportKind;
  readonly deprecated: string | null;
  readonly deprecatedMembers: Readonly<Record<string, string>>;
}

const MEMBER_JSDOC = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(?:readonly\s+)?([\w$]+)\??\s*[:(<]/g;

/** The members of interface `name` in `source` whose JSDoc says `@deprecated`, each with its note. */
function deprecatedMembersIn(source: string, name: string): Record<string, string> {
  const start = new RegExp(`interface\\s+${escapeName(name)}\\b[^{]*\\{`).exec(source);
  if (!start) return {};
  let depth = 1;
  let end = start.index + start[0].length;
  while (end < source.length && depth > 0) {
    if (source[end] === '{') depth += 1;
    else if (source[end] === '}') depth -= 1;
    end += 1;
  }
  const members: Record<string, string> = {};
  for (const match of source.slice(start.index + start[0].length, end).matchAll(MEMBER_JSDOC)) {
    const note = deprecationIn(match[1] ?? '');
    if (note && match[2]) members[match[2]] = note;
  }
  return members;
}

const declared = (kind: ExportKind, source: string, name: string, deprecated: string | null): Declaration => ({
  kind,
  deprecated,
  deprecatedMembers: kind === 'interface' ? deprecatedMembersIn(source, name) : {},
});

/** What `name` is as `file` exports it, following re-exports; null when it cannot be found. */
function declarationIn(file: string, name: string, seen: Set<string> = new Set()): Declaration | null {
  const key = `${file}#${name}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const source = readSource(file);
  const code = withoutComments(source);
  for (const [pattern, kind] of DECLARATIONS) {
    const declaration = `export\\s+(?:declare\\s+)?(?:default\\s+)?${pattern.source.replace('NAME', escapeName(name))}`;
    if (new RegExp(`(?:^|\\n)\\s*${declaration}`).test(code))
      return declared(kind, source, name, deprecationBefore(source, declaration));
  }
  for (const match of code.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*['"]([^'"]+)['"])?/g)) {
    for (const part of (match[1] ?? '').split(',').map((text) => text.trim().replace(/^type\s+/, ''))) {
      const [local = '', exported = local] = part.split(/\s+as\s+/);
      if (exported !== name) continue;
      const target = match[2] ? resolveSpecifier(match[2], file) : importSource(code, local, file);
      if (target) return declarationIn(target, local, seen);
      for (const [pattern, kind] of DECLARATIONS) {
        const declaration = pattern.source.replace('NAME', escapeName(local));
        if (new RegExp(`(?:^|\\n)\\s*${declaration}`).test(code))
          return declared(kind, source, local, deprecationBefore(source, declaration));
      }
    }
  }
  for (const match of code.matchAll(/export\s+\*\s+from\s+['"]([^'"]+)['"]/g)) {
    const target = resolveSpecifier(match[1] ?? '', file);
    const found = target ? declarationIn(target, name, seen) : null;
    if (found) return found;
  }
  return null;
}

/** The file `local` was imported from in `code`, when it was. */
function importSource(code: string, local: string, file: string): string | null {
  for (const match of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const names = (match[1] ?? '').split(',').map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1),
    );
    if (names.includes(local)) return resolveSpecifier(match[2] ?? '', file);
  }
  return null;
}

/**
 * What the entry points export now, taken at `version`: a name `recorded` already holds keeps its
 * `since`, a new one gets `version`. Throws on a name whose kind cannot be found.
 */
export function currentReport(version: string, recorded?: ExportReport): ExportReport {
  const entries: Record<string, EntryExports> = {};
  for (const [entry, path] of Object.entries(SDK_ENTRIES)) {
    const file = join(REPO_ROOT, path);
    const names: Record<string, ExportedName> = {};
    for (const named of entryExports(file)) {
      const target = resolveSpecifier(named.from, file);
      const declaration = target ? declarationIn(target, named.local) : null;
      if (!declaration) throw new Error(`${entry}: cannot find what "${named.name}" from "${named.from}" is`);
      if (names[named.name]) throw new Error(`${entry} exports "${named.name}" twice`);
      const since = recorded?.entries[entry]?.[named.name]?.since ?? version;
      const deprecated = named.deprecated ?? declaration.deprecated;
      const members = declaration.deprecatedMembers;
      names[named.name] = {
        kind: declaration.kind,
        since,
        ...(deprecated === null ? {} : { deprecated }),
        ...(Object.keys(members).length === 0 ? {} : { deprecatedMembers: members }),
      };
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
    for (const [name, { kind }] of Object.entries(after)) {
      const was = before[name]?.kind;
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

/** The latest `since` in the report: the last version names were added in. */
export function lastAddedIn(report: ExportReport): string {
  const versions = Object.values(report.entries).flatMap((names) => Object.values(names).map((name) => name.since));
  return versions.reduce((latest, since) => (compareVersions(since, latest) > 0 ? since : latest), '0.0.0');
}

/**
 * Why `version` cannot be the SDK_VERSION of `current` given the `recorded` report, or null when
 * it can: a major step for breaking changes, never a step back. Added names take `since` =
 * `version`, so they may join the version names were last added in (still unreleased while
 * SDK_VERSION stays there) or a later minor one; a patch step over it would hide them.
 */
export function versionProblem(recorded: ExportReport, current: ExportReport, version: string): string | null {
  const [oldMajor] = parts(recorded.version);
  const [major, minor] = parts(version);
  const changes = reportChanges(recorded, current);
  const step = neededStep(changes);
  const list = (label: string, names: readonly string[]) => (names.length > 0 ? [`${label}: ${names.join(', ')}`] : []);
  const described = [
    ...list('removed', changes.removed),
    ...list('changed between type and value', changes.recast),
    ...list('added', changes.added),
    ...list('changed kind', changes.rekinded),
  ].join('; ');
  if (compareVersions(version, recorded.version) < 0)
    return `SDK_VERSION ${version} is older than the report's ${recorded.version}`;
  if (step === 'major' && major === oldMajor) {
    return `the SDK's names changed incompatibly (${described}): SDK_VERSION must go to ${oldMajor + 1}.0.0 (it is ${version}, the report was taken at ${recorded.version})`;
  }
  const last = lastAddedIn(recorded);
  const [lastMajor, lastMinor] = parts(last);
  const sameMinor = major === lastMajor && minor === lastMinor;
  if (step === 'minor' && sameMinor && version !== last) {
    return `the SDK's names grew (${described}) after ${last}, the version names were last added in: SDK_VERSION must go to at least ${lastMajor}.${lastMinor + 1}.0, or stay ${last} while that is unreleased (it is ${version})`;
  }
  return null;
}

/** The report as core/sdk/exports.json holds it: one line per name, so a change reads as one line of diff. */
export function formatReport(report: ExportReport): string {
  const fields = (exported: ExportedName): string =>
    Object.entries(exported)
      .map(([field, value]) => `${JSON.stringify(field)}: ${JSON.stringify(value)}`)
      .join(', ');
  const entry = (names: EntryExports): string =>
    Object.entries(names)
      .map(([name, exported]) => `      ${JSON.stringify(name)}: { ${fields(exported)} }`)
      .join(',\n');
  const entries = Object.entries(report.entries).map(
    ([path, names]) => `    ${JSON.stringify(path)}: {\n${entry(names)}\n    }`,
  );
  return `{\n  "version": ${JSON.stringify(report.version)},\n  "entries": {\n${entries.join(',\n')}\n  }\n}\n`;
}
