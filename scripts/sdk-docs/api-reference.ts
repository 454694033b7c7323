/**
 * The SDK's API reference: one Markdown page per entry point, made from the declarations
 * `tsc --emitDeclarationOnly` writes. Every exported name with its declaration and its doc comment,
 * grouped by kind, its `since` and deprecation from core/sdk/exports.json and a link to its source.
 * `npm run sdk:docs` writes the pages to docs/api/ and `npm run sdk:pack` into the package; a unit
 * test fails while the committed pages differ from what the declarations give.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { ExportReport } from '../../core/sdk/tooling/export-report';
import {
  DeclarationTree,
  fileDoc,
  withRelativeCoreSpecifiers,
  type Declaration,
  type DeclarationKind,
  type Resolved,
} from './declarations';

/** The entry points, each documented on `docs/api/<entry>.md`. */
export const API_ENTRIES = ['shared', 'web', 'server', 'testing', 'testing-web', 'testing-e2e'] as const;
export type ApiEntry = (typeof API_ENTRIES)[number];

/** Ambient declarations the sources use (`?raw` SQL), shipped beside the emitted ones. */
const AMBIENT_DECLARATIONS = ['server/sql-modules.d.ts'];

/**
 * Emits the declarations of the SDK's entry points and everything they reach into `outDir`,
 * laid out as core/ is (`outDir/sdk/web.d.ts`, `outDir/server/plugin.d.ts`, …), importing each other
 * by relative paths, so they resolve through the package's `exports` alone. Without type
 * checking (`noCheck`; `npm run typecheck` does it): the same files in 6 s instead of 16, and a
 * colleague's half-done edit elsewhere in the kernel does not stop sdk:pack. What tsc still reports
 * stops a correct emit, so it fails this.
 */
export function emitDeclarations(repoRoot: string, outDir: string): void {
  const scratch = mkdtempSync(join(tmpdir(), 'erp-sdk-declarations-'));
  try {
    const config = join(scratch, 'tsconfig.json');
    const core = join(repoRoot, 'core');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(repoRoot, 'tsconfig.json'),
        compilerOptions: {
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          noCheck: true,
          rootDir: core,
          outDir,
          // Looked up beside the config by default, which lies in a scratch folder.
          typeRoots: [join(repoRoot, 'node_modules/@types')],
        },
        include: [],
        files: [
          ...API_ENTRIES.map((entry) => join(core, 'sdk', `${entry}.ts`)),
          ...AMBIENT_DECLARATIONS.map((file) => join(core, file)),
        ],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', config], {
      encoding: 'utf8',
    });
    if (tsc.error || tsc.status !== 0)
      throw new Error(
        `the SDK's declarations could not be emitted:\n${tsc.error?.message ?? `${tsc.stdout}${tsc.stderr}`}`,
      );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const file of AMBIENT_DECLARATIONS) copyFileSync(join(repoRoot, 'core', file), join(outDir, file));
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(file, withRelativeCoreSpecifiers(readFileSync(file, 'utf8'), file, outDir));
  }
}

const KIND_TITLES: ReadonlyArray<readonly [DeclarationKind | 'package', string]> = [
  ['function', 'Functions'],
  ['class', 'Classes'],
  ['const', 'Constants'],
  ['enum', 'Enums'],
  ['interface', 'Interfaces'],
  ['type', 'Types'],
  ['namespace', 'Namespaces'],
  ['package', 'From other packages'],
];

interface Item {
  readonly name: string;
  readonly kind: DeclarationKind | 'package';
  readonly resolved: Resolved;
  /** What the entry point writes over the export of this name (and its neighbours). */
  readonly entryDoc: string | null;
}

/** A class's private members (and their doc comments) say nothing a plugin can use. */
export function withoutPrivateMembers(text: string): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (!/^\s+(?:private\s|#)/.test(line)) {
      kept.push(line);
      continue;
    }
    if (!kept[kept.length - 1]?.trim().endsWith('*/')) continue;
    for (let popped = kept.pop(); popped !== undefined && !popped.trim().startsWith('/**'); popped = kept.pop());
  }
  return kept.join('\n');
}

/** The source file a declaration file was emitted from, relative to `core/`. */
function sourceOf(declarationFile: string, typesRoot: string, coreRoot: string): string {
  const base = relative(typesRoot, declarationFile).replace(/\.d\.ts$/, '');
  const source = ['.ts', '.tsx']
    .map((extension) => `${base}${extension}`)
    .find((file) => existsSync(join(coreRoot, file)));
  return source ?? `${base}.d.ts`;
}

/** The doc without its `@deprecated` paragraph, which the page shows above the declaration from exports.json. */
export function withoutDeprecatedTag(doc: string): string {
  const kept: string[] = [];
  let skipping = false;
  for (const line of doc.split('\n')) {
    if (line.startsWith('@deprecated')) skipping = true;
    else if (line.trim() === '' || line.startsWith('@')) skipping = false;
    if (!skipping) kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function renderItem(item: Item, entry: string, report: ExportReport, typesRoot: string, coreRoot: string): string {
  const about = report.entries[`@core/sdk/${entry}`]?.[item.name];
  const facts: string[] = [item.kind === 'package' ? 'from a package' : item.kind];
  if (about) facts.push(`since ${about.since}`);
  const lines = [`### \`${item.name}\``, ''];
  if ('package' in item.resolved) {
    facts.push(`\`${item.resolved.name}\` of \`${item.resolved.package}\`, as that package documents it`);
    lines.push(facts.join(' · '), '', ...(item.entryDoc ? [item.entryDoc, ''] : []));
  } else {
    const source = sourceOf(item.resolved.file, typesRoot, coreRoot);
    facts.push(`[core/${source}](../../core/${source})`);
    lines.push(facts.join(' · '), '');
    if (about?.deprecated) lines.push(`**Deprecated:** ${about.deprecated}`, '');
    const declarations: readonly Declaration[] = item.resolved.declarations;
    lines.push('```ts', ...declarations.map((declaration) => withoutPrivateMembers(declaration.text)), '```', '');
    const doc = declarations.find((declaration) => declaration.doc !== null)?.doc ?? item.entryDoc;
    if (doc) lines.push(withoutDeprecatedTag(doc), '');
  }
  return lines.join('\n');
}

/** The page of one entry point, from the declarations under `typesRoot` (core/'s layout). */
export function referencePage(entry: ApiEntry, typesRoot: string, coreRoot: string, report: ExportReport): string {
  const tree = new DeclarationTree(typesRoot);
  const file = join(typesRoot, 'sdk', `${entry}.d.ts`);
  const entryDocs = tree.facts(file).exportDocs;
  const items: Item[] = tree.exportedNames(file).map((name) => {
    const resolved = tree.resolve(file, name);
    const kind = 'package' in resolved ? 'package' : (resolved.declarations[0]?.kind ?? 'type');
    return { name, kind, resolved, entryDoc: entryDocs.get(name) ?? null };
  });
  const intro = fileDoc(readFileSync(file, 'utf8'));
  const byName = (a: Item, b: Item): number =>
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name);
  const sections = KIND_TITLES.map(([kind, title]) => ({
    title,
    items: items.filter((item) => item.kind === kind).sort(byName),
  })).filter((section) => section.items.length > 0);
  const anchor = (title: string): string => title.toLowerCase().replace(/\s+/g, '-');
  return [
    `# \`@core/sdk/${entry}\``,
    '',
    `<!-- Generated by \`npm run sdk:docs\` from the SDK's declarations; edit the doc comments in core/, not this file. -->`,
    '',
    ...(intro ? [intro, ''] : []),
    `SDK ${report.version}: ${items.length} names. [All entry points](README.md).`,
    '',
    ...sections.map(
      (section) =>
        `- [${section.title}](#${anchor(section.title)}): ${section.items.map((item) => `\`${item.name}\``).join(', ')}`,
    ),
    '',
    ...sections.flatMap((section) => [
      `## ${section.title}`,
      '',
      ...section.items.map((item) => renderItem(item, entry, report, typesRoot, coreRoot)),
    ]),
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}

/** The index page: each entry point, what it is for (its first doc line) and its page. */
export function referenceIndex(typesRoot: string, report: ExportReport): string {
  const rows = API_ENTRIES.map((entry) => {
    const intro = fileDoc(readFileSync(join(typesRoot, 'sdk', `${entry}.d.ts`), 'utf8')) ?? '';
    const summary = intro.split('\n\n')[0]?.replace(/\s+/g, ' ') ?? '';
    return `| [\`@core/sdk/${entry}\`](${entry}.md) | ${summary.replace(/\|/g, '\\|')} |`;
  });
  return [
    '# The plugin SDK: API reference',
    '',
    `<!-- Generated by \`npm run sdk:docs\` from the SDK's declarations; edit the doc comments in core/, not this file. -->`,
    '',
    `SDK ${report.version}. One page per entry point: every exported name, grouped by kind, with its declaration, its doc comment, the SDK version it was added in and its source. The plugin author's guide is plugins/README.md in the repository, README.md in the SDK package.`,
    '',
    '| Entry point | What it is |',
    '| --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Every page of the reference by file name (`README.md`, `web.md`, …). */
export function referencePages(typesRoot: string, coreRoot: string, report: ExportReport): Map<string, string> {
  const pages = new Map<string, string>([['README.md', referenceIndex(typesRoot, report)]]);
  for (const entry of API_ENTRIES) pages.set(`${entry}.md`, referencePage(entry, typesRoot, coreRoot, report));
  return pages;
}
