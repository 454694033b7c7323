/**
 * Reads the SDK's emitted declarations (`.d.ts`, as `tsc --emitDeclarationOnly` writes them) far enough
 * to document them: the top-level statements of a file, each with the JSDoc written right above it, and
 * what a module exports, followed through `export { … } from`, `import` + `export { … }` and
 * `export *` to the statement that declares each name. Emitted declarations are regular (one statement
 * per top-level construct, no expressions), so a small lexer reads them exactly; the TypeScript 7
 * compiler offers no stable API to do it, and TypeDoc needs TypeScript 6 or older.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One top-level statement and the JSDoc comment directly above it. */
export interface Statement {
  readonly text: string;
  /** The JSDoc text without its `/**`, `*\/` and leading asterisks; null when none is directly above. */
  readonly doc: string | null;
}

/** The kinds exports.json uses, plus namespaces. */
export type DeclarationKind = 'function' | 'class' | 'interface' | 'type' | 'const' | 'enum' | 'namespace';

export interface Declaration {
  readonly name: string;
  readonly kind: DeclarationKind;
  readonly exported: boolean;
  /** The statement as written in the .d.ts, without `export` and `declare`. */
  readonly text: string;
  readonly doc: string | null;
}

/** Where an exported name is declared: statements of a file under the declarations' root, or a package. */
export type Resolved =
  | { readonly declarations: readonly Declaration[]; readonly file: string }
  | { readonly package: string; readonly name: string };

const BLOCK_HEAD =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:const\s+)?(?:interface|class|enum|namespace|module|global)\b/;

/** The text of a JSDoc comment, its markers and each line's leading asterisk taken away. */
export function jsdocText(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}

/** A piece of a declaration file: a comment, a string (or a template's text), or one character of code. */
type Token =
  | { readonly kind: 'comment'; readonly start: number; readonly end: number }
  | { readonly kind: 'string'; readonly start: number; readonly end: number }
  | { readonly kind: 'code'; readonly start: number; readonly end: number; readonly char: string };

/** The file's comments, strings and code characters in order, whitespace left out. */
function* tokens(source: string): Generator<Token> {
  let braces = 0;
  // Template literal types nest `${ … }`: the brace count at which each open template resumes.
  const templates: number[] = [];
  const templateEnd = (from: number): number => {
    for (let i = from; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === '`') return i + 1;
      else if (source[i] === '$' && source[i + 1] === '{') {
        templates.push(braces);
        return i + 2;
      }
    }
    throw new Error('an unclosed template');
  };
  for (let i = 0; i < source.length; ) {
    const char = source[i] as string;
    const next = source[i + 1];
    let end: number;
    if (char === '/' && next === '/') {
      end = source.indexOf('\n', i);
      end = end === -1 ? source.length : end;
      yield { kind: 'comment', start: i, end };
    } else if (char === '/' && next === '*') {
      const close = source.indexOf('*/', i + 2);
      if (close === -1) throw new Error('an unclosed comment');
      end = close + 2;
      yield { kind: 'comment', start: i, end };
    } else if (char === "'" || char === '"') {
      end = i + 1;
      while (end < source.length && source[end] !== char) end += source[end] === '\\' ? 2 : 1;
      if (end >= source.length) throw new Error('an unclosed string');
      end++;
      yield { kind: 'string', start: i, end };
    } else if (char === '`' || (char === '}' && templates.length > 0 && templates[templates.length - 1] === braces)) {
      if (char === '}') templates.pop();
      end = templateEnd(i + 1);
      yield { kind: 'string', start: i, end };
    } else {
      end = i + 1;
      if (char === '{') braces++;
      else if (char === '}') braces--;
      if (!/\s/.test(char)) yield { kind: 'code', start: i, end, char };
    }
    i = end;
  }
}

/** Splits a declaration file into its top-level statements, each with the JSDoc right above it. */
export function splitStatements(source: string): Statement[] {
  const statements: Statement[] = [];
  let depth = 0;
  let start = -1;
  let doc: string | null = null;
  const finish = (end: number): void => {
    statements.push({ text: source.slice(start, end).trim(), doc });
    start = -1;
    doc = null;
  };
  for (const token of tokens(source)) {
    if (token.kind === 'comment') {
      if (start === -1)
        doc = source.startsWith('/**', token.start) ? jsdocText(source.slice(token.start, token.end)) : null;
      continue;
    }
    if (start === -1) start = token.start;
    if (token.kind !== 'code') continue;
    const char = token.char;
    if (char === '{' || char === '(' || char === '[') depth++;
    else if (char === '}' || char === ')' || char === ']') {
      depth--;
      if (depth < 0) throw new Error(`an unbalanced "${char}" at offset ${token.start}`);
      if (depth === 0 && char === '}' && BLOCK_HEAD.test(source.slice(start, token.start))) finish(token.end);
    } else if (char === ';' && depth === 0) finish(token.end);
  }
  if (start !== -1) finish(source.length);
  return statements;
}

/**
 * The comment on the file as a whole: its first JSDoc when another comment follows it before any
 * statement (the emitted declarations keep the comments, not the blank line between them).
 */
export function fileDoc(source: string): string | null {
  const header = /^\s*(\/\*\*[\s\S]*?\*\/)\s*\/[*/]/.exec(source);
  return header ? jsdocText(header[1] as string) : null;
}

/**
 * The file with each `@core/…` module specifier (of an import, export, `import(…)` type or module
 * declaration) made relative to the file, as its place under `root` (where `@core/` lies) says: the
 * declarations then resolve in any project, not only one mapping `@core/*` the way the kernel does.
 * Strings that are no specifier (a literal type `'@core/sdk/web'`) and comments stay as they are.
 */
export function withRelativeCoreSpecifiers(source: string, file: string, root: string): string {
  let result = '';
  let copied = 0;
  for (const token of tokens(source)) {
    if (token.kind !== 'string' || !source.startsWith('@core/', token.start + 1)) continue;
    if (
      !/(?:\bfrom|\bimport\s*\(|\bimport|\bmodule)\s*$/.test(source.slice(Math.max(0, token.start - 40), token.start))
    )
      continue;
    const target = join(root, source.slice(token.start + 1 + '@core/'.length, token.end - 1));
    const path = relative(dirname(file), target).split(sep).join('/');
    result += `${source.slice(copied, token.start + 1)}${path.startsWith('.') ? path : `./${path}`}`;
    copied = token.end - 1;
  }
  return result + source.slice(copied);
}

interface NameLink {
  /** The name in the module it comes from. */
  readonly local: string;
  readonly from: string;
}

interface ModuleFacts {
  readonly declarations: ReadonlyMap<string, readonly Declaration[]>;
  readonly imports: ReadonlyMap<string, NameLink>;
  /** Exported name → its name in this module (`export { a as b }`, no `from`). */
  readonly localExports: ReadonlyMap<string, string>;
  /** Exported name → where it comes from (`export { a as b } from '…'`). */
  readonly reexports: ReadonlyMap<string, NameLink>;
  readonly stars: readonly string[];
  /** Every exported name, in the order the file writes them (star exports excluded). */
  readonly order: readonly string[];
  /**
   * The JSDoc written over an `export { … }` list, for each name in it; a list without one takes the
   * comment of the list right before it (an entry point's comment may introduce several lists).
   */
  readonly exportDocs: ReadonlyMap<string, string>;
}

const DECLARATION =
  /^(export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:(function|class|interface|type|enum|namespace)|(?:const\s+(enum))|(const|let|var))\s+([A-Za-z_$][\w$]*)/;
const NAMED_LIST = /^(export|import)\s+(type\s+)?\{([^}]*)\}\s*(?:from\s*['"]([^'"]+)['"])?/;

/** `a`, `type b as c`: each entry of a `{ … }` list as [name here, name there]; a note on an entry (`@deprecated`) is skipped. */
function listEntries(list: string): Array<[string, string]> {
  return list
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(',')
    .map((entry) => entry.trim().replace(/^type\s+/, ''))
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [there, here] = entry.split(/\s+as\s+/);
      return [(here ?? there ?? '').trim(), (there ?? '').trim()];
    });
}

/** The statement without `export`, `default` and `declare`: how the reference shows it. */
function shownText(text: string): string {
  return text
    .replace(/^export\s+/, '')
    .replace(/^default\s+/, '')
    .replace(/^declare\s+/, '');
}

export function moduleFacts(statements: readonly Statement[]): ModuleFacts {
  const declarations = new Map<string, Declaration[]>();
  const imports = new Map<string, NameLink>();
  const localExports = new Map<string, string>();
  const reexports = new Map<string, NameLink>();
  const stars: string[] = [];
  const order: string[] = [];
  const exportDocs = new Map<string, string>();
  let listDoc: string | null = null;
  for (const { text, doc } of statements) {
    const named = NAMED_LIST.exec(text);
    listDoc = named?.[1] === 'export' ? (doc ?? listDoc) : null;
    const declared = DECLARATION.exec(text);
    if (declared) {
      const [, exported, keyword, constEnum, variable, name] = declared;
      const kind = (keyword ?? constEnum ?? (variable ? 'const' : undefined)) as DeclarationKind;
      const list = declarations.get(name as string) ?? [];
      list.push({ name: name as string, kind, exported: exported !== undefined, text: shownText(text), doc });
      declarations.set(name as string, list);
      if (exported && list.length === 1) order.push(name as string);
      continue;
    }
    const star = /^export\s+\*\s+from\s*['"]([^'"]+)['"]/.exec(text);
    if (star) {
      stars.push(star[1] as string);
      continue;
    }
    if (named) {
      const [, keyword, , list, from] = named;
      for (const [here, there] of listEntries(list ?? '')) {
        if (keyword === 'import' && from) imports.set(here, { local: there, from });
        else if (keyword === 'export' && from) reexports.set(here, { local: there, from });
        else if (keyword === 'export') localExports.set(here, there);
        if (keyword === 'export') order.push(here);
        if (keyword === 'export' && listDoc !== null) exportDocs.set(here, listDoc);
      }
      continue;
    }
    const defaultImport =
      /^import\s+(?:type\s+)?([A-Za-z_$][\w$]*)\s*(?:,\s*\{([^}]*)\})?\s*from\s*['"]([^'"]+)['"]/.exec(text);
    if (defaultImport) {
      const [, name, list, from] = defaultImport;
      imports.set(name as string, { local: 'default', from: from as string });
      for (const [here, there] of listEntries(list ?? '')) imports.set(here, { local: there, from: from as string });
      continue;
    }
    const namespaceImport = /^import\s+(?:type\s+)?\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s*['"]([^'"]+)['"]/.exec(text);
    if (namespaceImport) imports.set(namespaceImport[1] as string, { local: '*', from: namespaceImport[2] as string });
  }
  return { declarations, imports, localExports, reexports, stars, order, exportDocs };
}

/**
 * Resolves exported names across the declaration files under `root`, where `@core/<path>` lies at
 * `<root>/<path>.d.ts` (or `<path>/index.d.ts`); any other bare specifier is a package.
 */
export class DeclarationTree {
  private readonly modules = new Map<string, ModuleFacts>();

  constructor(private readonly root: string) {}

  /** The file a specifier names from `file`, or null for a package. */
  fileOf(specifier: string, file: string): string | null {
    let base: string;
    if (specifier.startsWith('@core/')) base = join(this.root, specifier.slice('@core/'.length));
    else if (specifier.startsWith('.')) base = resolve(dirname(file), specifier);
    else return null;
    for (const candidate of [`${base}.d.ts`, join(base, 'index.d.ts')]) if (existsSync(candidate)) return candidate;
    throw new Error(`${specifier} (from ${file}) has no declaration file under ${this.root}`);
  }

  facts(file: string): ModuleFacts {
    let facts = this.modules.get(file);
    if (!facts) {
      facts = moduleFacts(splitStatements(readFileSync(file, 'utf8')));
      this.modules.set(file, facts);
    }
    return facts;
  }

  /** The names `file` exports, in the order it writes them, then those of its `export *` modules. */
  exportedNames(file: string): string[] {
    const facts = this.facts(file);
    const names = [...facts.order];
    for (const from of facts.stars) {
      const target = this.fileOf(from, file);
      if (target) names.push(...this.exportedNames(target).filter((name) => !names.includes(name)));
    }
    return names;
  }

  /** Where the name `file` exports as `name` is declared; throws when it exports no such name. */
  resolve(file: string, name: string): Resolved {
    const found = this.find(file, name, true);
    if (!found) throw new Error(`${file} exports no "${name}"`);
    return found;
  }

  private find(file: string, name: string, asExport: boolean): Resolved | null {
    const facts = this.facts(file);
    const via = (link: NameLink): Resolved => {
      const target = this.fileOf(link.from, file);
      return target ? this.resolve(target, link.local) : { package: link.from, name: link.local };
    };
    const declared = facts.declarations.get(name);
    if (declared && (!asExport || declared.some((declaration) => declaration.exported)))
      return { declarations: declared, file };
    if (asExport) {
      const local = facts.localExports.get(name);
      if (local !== undefined) return this.find(file, local, false);
      const reexport = facts.reexports.get(name);
      if (reexport) return via(reexport);
      for (const from of facts.stars) {
        const target = this.fileOf(from, file);
        if (target && this.exportedNames(target).includes(name)) return this.resolve(target, name);
      }
      return null;
    }
    const imported = facts.imports.get(name);
    return imported ? via(imported) : null;
  }
}
