/**
 * Reading TypeScript sources as text, for the checks that guard the SDK (tests/core/sdk): where a
 * module specifier points, and which specifiers a file imports. Not part of the SDK itself.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository root (this file is core/sdk/tooling/source-files.ts). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** tsconfig.json's `paths`: `@core/x` is core/x, and so on. */
const ALIASES: Readonly<Record<string, string>> = { '@core/': 'core/', '@plugins/': 'plugins/', '@host/': 'host/' };

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * Comments removed (line and block), strings kept whole, so `'https://…'` or `'plugins/*'` in a
 * string is not taken for a comment. Regular expression literals are not recognised; a plugin
 * whose regex holds a quote or `//` would confuse it, which the checks would report loudly.
 */
export function withoutComments(source: string): string {
  let out = '';
  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? '';
    const next = source[index + 1] ?? '';
    if (char === '/' && next === '/') {
      while (index < source.length && source[index] !== '\n') index += 1;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 2;
      out += ' ';
    } else if (char === "'" || char === '"' || char === '`') {
      let end = index + 1;
      while (end < source.length && source[end] !== char) end += source[end] === '\\' ? 2 : 1;
      out += source.slice(index, end + 1);
      index = end + 1;
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** The file a specifier names from `fromFile`, or null for a package (or a path that does not exist). */
export function resolveSpecifier(specifier: string, fromFile: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = join(REPO_ROOT, ALIASES[alias] ?? '', specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else return null;
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Every module specifier the file names: static imports and re-exports (type-only ones too),
 * dynamic `import()` and `require`. Query suffixes (`?raw`) are kept.
 */
export function importedSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const found = [
    ...code.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...code.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1] ?? '');
}

/** The .ts and .tsx files under `dir`, recursively, sorted. */
export function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFilesUnder(path);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    })
    .sort();
}

export const readSource = (file: string): string => readFileSync(file, 'utf8');
