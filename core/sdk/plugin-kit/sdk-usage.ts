/**
 * What a plugin takes from the SDK, read from its sources' imports against core/sdk/exports.json:
 * the lowest SDK version that has every name it imports, and the deprecated names among them.
 * `erp-plugin build` refuses a manifest range that admits an older SDK, and a unit test holds the
 * built-in plugins' ranges to the same computation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compareVersions, lowestAdmitted } from '../semver';
import { withoutComments } from '../tooling/source-files';
import type { ExportReport } from '../tooling/export-report';

/** One SDK name a plugin imports, with what the report says of it. */
export interface SdkNameUse {
  readonly entry: string;
  readonly name: string;
  readonly since: string;
  readonly deprecated?: string;
  /** The first file (relative to the plugin's folder) that imports it. */
  readonly file: string;
}

/** A deprecated member of an SDK interface (a 1.x context field) the plugin's code reads or sets. */
export interface SdkMemberUse {
  readonly entry: string;
  /** `Interface.member`. */
  readonly name: string;
  readonly deprecated: string;
  readonly file: string;
}

export interface SdkUsage {
  /** The lowest SDK version with every name used: the first SDK_VERSION when the plugin uses none newer. */
  readonly needs: string;
  /** The name that sets `needs`, or null when only first-version names are used. */
  readonly newest: SdkNameUse | null;
  /** Deprecated names imported, then deprecated members used. */
  readonly deprecated: readonly (SdkNameUse | SdkMemberUse)[];
}

/** The report shipped beside this kit (core/sdk/exports.json, in the repository and in the SDK package). */
export function readExportReport(): ExportReport {
  return JSON.parse(readFileSync(join(import.meta.dirname, '../exports.json'), 'utf8')) as ExportReport;
}

/** Folders that hold no code the host runs: the plugin's tests run against the SDK it was built with. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'tests', 'e2e', 'coverage']);
const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** The plugin's own source files the host loads (manifest, server, web, shared and any other folder but tests). */
export function pluginSourceFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => {
        if (entry.name.startsWith('.')) return [];
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : walk(path);
        return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST_FILE.test(entry.name) ? [path] : [];
      });
  return existsSync(root) ? walk(root) : [];
}

const SDK_IMPORT = /\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](@core\/sdk\/[\w-]+)['"]/g;

/** The SDK names a source imports or re-exports by name, as [entry, name]. */
export function sdkNamesIn(source: string): [entry: string, name: string][] {
  return [...withoutComments(source).matchAll(SDK_IMPORT)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean)
      .map((name): [string, string] => [match[2] ?? '', name]),
  );
}

/** String literals emptied, so a service id in quotes (`'tracker.performance'`) is not read as a member. */
const withoutStrings = (code: string): string => code.replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, '$1$1');

/**
 * The deprecated interface members `code` uses: a context field read as `context.messaging` (the
 * name the guide gives `register`'s context) or taken apart in `register(app, { messaging })`, or a
 * definition's key (`resourceHooks:`), in a file calling `defineServerPlugin`. Read from the text, so other spellings go unseen; the server entry
 * point's members are looked for only outside web/.
 */
function deprecatedMembersIn(code: string, relativePath: string, report: ExportReport): SdkMemberUse[] {
  const web = /^web[\\/]/.test(relativePath);
  const defines = /\bdefineServerPlugin\s*\(/.test(code);
  const uses = (member: string): boolean =>
    new RegExp(`\\b(?:context|ctx)\\s*\\.\\s*${member}\\b`).test(code) ||
    (defines && new RegExp(`\\b${member}\\s*:|\\bregister\\s*\\([^)]*\\{[^}]*\\b${member}\\b`).test(code));
  return Object.entries(report.entries).flatMap(([entry, names]) =>
    entry === '@core/sdk/server' && web
      ? []
      : Object.entries(names).flatMap(([owner, { deprecatedMembers = {} }]) =>
          Object.entries(deprecatedMembers)
            .filter(([member]) => uses(member))
            .map(([member, deprecated]) => ({ entry, name: `${owner}.${member}`, deprecated, file: relativePath })),
        ),
  );
}

/** What the plugin in `root` takes from the SDK that `report` describes. Names the report lacks are left to the type check. */
export function sdkUsage(root: string, report: ExportReport = readExportReport()): SdkUsage {
  const used = new Map<string, SdkNameUse>();
  const members = new Map<string, SdkMemberUse>();
  for (const file of pluginSourceFiles(root)) {
    const source = readFileSync(file, 'utf8');
    for (const use of deprecatedMembersIn(withoutStrings(withoutComments(source)), relative(root, file), report)) {
      if (!members.has(use.name)) members.set(use.name, use);
    }
    for (const [entry, name] of sdkNamesIn(source)) {
      const exported = report.entries[entry]?.[name];
      const key = `${entry}:${name}`;
      if (exported && !used.has(key)) used.set(key, { entry, name, ...exported, file: relative(root, file) });
    }
  }
  const first = Object.values(report.entries)
    .flatMap((names) => Object.values(names).map((name) => name.since))
    .reduce((oldest, since) => (compareVersions(since, oldest) < 0 ? since : oldest), report.version);
  let newest: SdkNameUse | null = null;
  for (const use of used.values()) if (compareVersions(use.since, newest?.since ?? first) > 0) newest = use;
  const deprecatedNames = [...used.values()].filter((use) => use.deprecated !== undefined);
  return { needs: newest?.since ?? first, newest, deprecated: [...deprecatedNames, ...members.values()] };
}

/**
 * Why a manifest range is below what the plugin uses, as one line naming the name and its version,
 * or null when the lowest SDK the range admits has every name the plugin imports.
 */
export function sdkNeedsProblem(range: string, usage: SdkUsage): string | null {
  const lowest = lowestAdmitted(range);
  if (lowest === null || usage.newest === null || compareVersions(lowest, usage.needs) >= 0) return null;
  const { name, entry, since, file } = usage.newest;
  return `manifest "sdk" is "${range}", which admits SDK ${lowest}, but ${name} (${entry}, in ${file}) was added in SDK ${since}: make it "^${since}"`;
}

/** The warning for a deprecated name the plugin uses: the name and what replaces it. */
export const deprecationWarning = (use: SdkNameUse | SdkMemberUse): string =>
  `deprecated: ${use.name} (${use.entry}, in ${use.file}): ${use.deprecated ?? ''}`;
