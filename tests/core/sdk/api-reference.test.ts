import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportReport } from '@core/sdk/tooling/export-report';
import {
  API_ENTRIES,
  emitDeclarations,
  referencePages,
  withoutDeprecatedTag,
  withoutPrivateMembers,
} from '../../../scripts/sdk-docs/api-reference';
import {
  DeclarationTree,
  fileDoc,
  splitStatements,
  withRelativeCoreSpecifiers,
} from '../../../scripts/sdk-docs/declarations';

const root = resolve(import.meta.dirname, '../../..');

// A type holding a template literal type whose `${...}` holds a brace, which must not end the statement.
// biome-ignore lint/suspicious/noTemplateCurlyInString: the string is TypeScript source, not a template
const PAIR = 'export type Pair = { a: string; b: `x${"}"}y;` };';

describe('splitStatements', () => {
  it('ends a statement at a top-level semicolon, or at the brace closing an interface, class or enum', () => {
    const source = [
      '/** A shape. */',
      'export interface Shape {',
      '    /** Its sides; a comment with } and ; inside. */',
      '    sides: number;',
      '}',
      PAIR,
      "export declare const SEP = ';}';",
      '// a line comment { ;',
      'declare enum Kind { A = 0 }',
      'export { Kind };',
    ].join('\n');
    const statements = splitStatements(source);
    expect(statements.map((statement) => statement.text.split('\n')[0])).toEqual([
      'export interface Shape {',
      PAIR,
      "export declare const SEP = ';}';",
      'declare enum Kind { A = 0 }',
      'export { Kind };',
    ]);
    expect(statements.map((statement) => statement.doc)).toEqual(['A shape.', null, null, null, null]);
  });

  it('takes only the JSDoc directly above a statement, and a file comment followed by another comment', () => {
    const source =
      '/**\n * The file.\n *\n * More.\n */\n/** The value. */\nexport declare const a = 1;\n/** Lost. */\n// not a doc\nexport declare const b = 2;\n';
    expect(splitStatements(source).map((statement) => statement.doc)).toEqual(['The value.', null]);
    expect(fileDoc(source)).toBe('The file.\n\nMore.');
    expect(fileDoc('/** The value. */\nexport declare const a = 1;')).toBeNull();
  });
});

describe('withRelativeCoreSpecifiers', () => {
  it('makes the @core/ specifiers of imports, exports and import types relative, and leaves literal types and comments', () => {
    const source = [
      "/** Read from '@core/sdk/web'. */",
      "import { A } from '@core/shared/a';",
      'export { B } from "@core/sdk/web/b";',
      "export type C = import('@core/shared/c').C;",
      "export type Entry = '@core/sdk/web';",
    ].join('\n');
    expect(withRelativeCoreSpecifiers(source, '/types/sdk/web.d.ts', '/types')).toBe(
      [
        "/** Read from '@core/sdk/web'. */",
        "import { A } from '../shared/a';",
        'export { B } from "./web/b";',
        "export type C = import('../shared/c').C;",
        "export type Entry = '@core/sdk/web';",
      ].join('\n'),
    );
  });
});

describe('DeclarationTree', () => {
  let types: string;
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(types, file)), { recursive: true });
    writeFileSync(join(types, file), text);
  };

  beforeAll(() => {
    types = mkdtempSync(join(tmpdir(), 'erp-declarations-'));
    write(
      'sdk/entry.d.ts',
      [
        "/** From the entry. */\nexport { area, type Shape as Figure } from '@core/lib/shapes';",
        "export { Local } from './local';",
        "export * from '@core/lib/more';",
        "export { observer } from 'mobx-react-lite';",
      ].join('\n'),
    );
    write(
      'lib/shapes.d.ts',
      '/** A shape. */\nexport interface Shape { sides: number; }\nexport declare function area(shape: Shape): number;\nexport declare function area(sides: number): number;\n',
    );
    write('sdk/local.d.ts', "import { Inner } from '../lib/inner';\ndeclare const Local: Inner;\nexport { Local };\n");
    write('lib/inner/index.d.ts', '/** Inner. */\nexport type Inner = { readonly deep: true };\n');
    write('lib/more.d.ts', '/** More. */\nexport declare class More {\n    private secret;\n    open(): void;\n}\n');
  });
  afterAll(() => rmSync(types, { recursive: true, force: true }));

  it('follows re-exports, renames, imports, index files and export * to each declaration, with the comments over the lists', () => {
    const tree = new DeclarationTree(types);
    const entry = join(types, 'sdk/entry.d.ts');
    expect(tree.exportedNames(entry)).toEqual(['area', 'Figure', 'Local', 'observer', 'More']);
    const figure = tree.resolve(entry, 'Figure');
    expect(
      'declarations' in figure && figure.declarations.map((declaration) => [declaration.kind, declaration.doc]),
    ).toEqual([['interface', 'A shape.']]);
    const area = tree.resolve(entry, 'area');
    expect('declarations' in area && area.declarations.map((declaration) => declaration.text)).toEqual([
      'function area(shape: Shape): number;',
      'function area(sides: number): number;',
    ]);
    const local = tree.resolve(entry, 'Local');
    expect('declarations' in local && [local.declarations[0]?.kind, local.file]).toEqual([
      'const',
      join(types, 'sdk/local.d.ts'),
    ]);
    expect(tree.resolve(entry, 'observer')).toEqual({ package: 'mobx-react-lite', name: 'observer' });
    // A list without a comment takes the one of the list right before it, not across other statements.
    expect([...tree.facts(entry).exportDocs]).toEqual([
      ['area', 'From the entry.'],
      ['Figure', 'From the entry.'],
      ['Local', 'From the entry.'],
    ]);
    expect(() => tree.resolve(entry, 'Missing')).toThrow('exports no "Missing"');
  });

  it('reads the names of a list whose entries carry notes of their own, commas and all', () => {
    write(
      'sdk/noted.d.ts',
      "export {\n    /** @deprecated Since 2.1: `b` in `register`, `c` in `seedDemo`. */\n    area,\n    type Shape,\n} from '@core/lib/shapes';\n",
    );
    expect(new DeclarationTree(types).exportedNames(join(types, 'sdk/noted.d.ts'))).toEqual(['area', 'Shape']);
  });

  it('leaves the @deprecated paragraph out of a doc, since the page says it from exports.json', () => {
    expect(withoutDeprecatedTag('Reads a user.\n\n@deprecated since 2.0: use\n`context.users`.\n\nKept for 1.x.')).toBe(
      'Reads a user.\n\nKept for 1.x.',
    );
  });

  it('drops private members and their doc comments from a class', () => {
    const text =
      'class A {\n    /**\n     * Hidden.\n     */\n    private secret;\n    /** Shown. */\n    open(): void;\n    private other;\n}';
    expect(withoutPrivateMembers(text)).toBe('class A {\n    /** Shown. */\n    open(): void;\n}');
  });
});

describe('the API reference (docs/api)', () => {
  it('is what `npm run sdk:docs` writes from the declarations now, one page per entry point naming every export', {
    timeout: 120_000,
  }, () => {
    const types = mkdtempSync(join(tmpdir(), 'erp-sdk-types-'));
    try {
      emitDeclarations(root, types);
      const report = JSON.parse(readFileSync(join(root, 'core/sdk/exports.json'), 'utf8')) as ExportReport;
      const pages = referencePages(types, join(root, 'core'), report);
      const committed = new Map(
        readdirSync(join(root, 'docs/api')).map((file) => [file, readFileSync(join(root, 'docs/api', file), 'utf8')]),
      );
      expect([...committed.keys()].sort(), 'docs/api holds other pages: run `npm run sdk:docs`').toEqual(
        [...pages.keys()].sort(),
      );
      for (const [file, text] of pages)
        expect(committed.get(file), `docs/api/${file} is stale: run \`npm run sdk:docs\``).toBe(text);
      for (const entry of API_ENTRIES) {
        const documented = [...(pages.get(`${entry}.md`) ?? '').matchAll(/^### `([^`]+)`/gm)]
          .map((match) => match[1])
          .sort();
        expect(documented, `docs/api/${entry}.md`).toEqual(
          Object.keys(report.entries[`@core/sdk/${entry}`] ?? {}).sort(),
        );
      }
    } finally {
      rmSync(types, { recursive: true, force: true });
    }
  });
});
