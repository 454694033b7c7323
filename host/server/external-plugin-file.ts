import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, posix, resolve, win32 } from 'node:path';
import Ajv, { type ErrorObject, type SchemaObject } from 'ajv';
import { EXTERNAL_PLUGIN_FILE, type ExternalPluginFile } from '@core/shared/external-plugin';
import { manifestProblems, type PluginManifest } from '@core/shared/manifest';
import { LANGUAGES } from '@core/shared/runtime-config';

/*
 * Reading an external plugin's `plugin.json` before any of its code: the host trusts nothing in it
 * it has not checked, since the file comes from outside the repository. Every problem is one line.
 */

/** What a configured folder turned out to hold. */
export type ExternalPluginFolder = ReadableFolder | UnreadableFolder;

export interface ReadableFolder {
  readonly ok: true;
  /** The folder as configured (absolute). */
  readonly path: string;
  readonly file: ExternalPluginFile;
}

export interface UnreadableFolder {
  readonly ok: false;
  readonly path: string;
  /**
   * The plugin's id as far as it can be told: plugin.json's `id` when that much could be read, else
   * the folder's name (its parent's for a `dist` folder), so configuration can still name it.
   */
  readonly id: string;
  /** What of version, SDK range and title the file still said, for the inventory. */
  readonly version: string | null;
  readonly sdk: string | null;
  readonly titleKey: string | null;
  readonly problem: string;
}

const PLUGIN_ID = /^[a-z][a-z0-9-]{1,31}$/;

const STRING = { type: 'string' } as const;
const NON_EMPTY = { type: 'string', minLength: 1 } as const;
const STRINGS = { type: 'array', items: NON_EMPTY } as const;
const LOCALIZED: SchemaObject = {
  type: 'object',
  required: [...LANGUAGES],
  additionalProperties: false,
  properties: Object.fromEntries(LANGUAGES.map((language) => [language, STRING])),
};
const REQUIREMENT: SchemaObject = {
  oneOf: [
    NON_EMPTY,
    { type: 'object', required: ['anyOf'], additionalProperties: false, properties: { anyOf: STRINGS } },
    { type: 'object', required: ['allOf'], additionalProperties: false, properties: { allOf: STRINGS } },
  ],
};
const PAGE: SchemaObject = {
  type: 'object',
  required: ['path', 'titleKey', 'requires'],
  additionalProperties: false,
  properties: {
    path: NON_EMPTY,
    titleKey: NON_EMPTY,
    requires: REQUIREMENT,
    record: NON_EMPTY,
    nav: {
      type: 'object',
      required: ['group'],
      additionalProperties: false,
      properties: { group: NON_EMPTY, icon: NON_EMPTY, order: { type: 'number' }, labelKey: NON_EMPTY },
    },
  },
};

/**
 * One schema per manifest key: keyed by `keyof PluginManifest`, so a key added to the manifest type
 * does not compile until plugin.json's schema says what it holds.
 */
const MANIFEST_PROPERTIES: Readonly<Record<keyof PluginManifest, SchemaObject>> = {
  id: NON_EMPTY,
  version: NON_EMPTY,
  sdk: NON_EMPTY,
  titleKey: NON_EMPTY,
  service: NON_EMPTY,
  dependencies: STRINGS,
  optionalDependencies: STRINGS,
  namespaces: { ...STRINGS, minItems: 1 },
  pages: { type: 'array', items: PAGE },
  permissions: {
    type: 'array',
    items: {
      type: 'object',
      required: ['code', 'area', 'description'],
      additionalProperties: false,
      properties: { code: NON_EMPTY, area: NON_EMPTY, description: LOCALIZED },
    },
  },
  areaFlags: { type: 'object', additionalProperties: STRINGS },
  menuGroups: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'label'],
      additionalProperties: false,
      properties: { id: NON_EMPTY, label: LOCALIZED },
    },
  },
  slots: { type: 'object', additionalProperties: REQUIREMENT },
  // A 1.x plugin named its offered slots alone.
  offersSlots: {
    type: 'array',
    items: {
      oneOf: [
        NON_EMPTY,
        {
          type: 'object',
          required: ['id', 'description', 'requires', 'props'],
          additionalProperties: false,
          properties: { id: NON_EMPTY, description: LOCALIZED, requires: REQUIREMENT, props: NON_EMPTY },
        },
      ],
    },
  },
};
const REQUIRED_MANIFEST_KEYS: readonly (keyof PluginManifest)[] = [
  'id',
  'version',
  'sdk',
  'titleKey',
  'service',
  'dependencies',
  'namespaces',
  'pages',
];

const FILES: SchemaObject = {
  type: 'object',
  required: ['server', 'web', 'translations'],
  additionalProperties: false,
  properties: {
    server: { oneOf: [{ type: 'null' }, NON_EMPTY] },
    web: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['root', 'manifest', 'container', 'expose'],
          additionalProperties: false,
          properties: {
            root: NON_EMPTY,
            manifest: NON_EMPTY,
            container: { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' },
            expose: { type: 'string', pattern: '^\\./' },
          },
        },
      ],
    },
    translations: {
      type: 'object',
      required: [...LANGUAGES],
      additionalProperties: false,
      properties: Object.fromEntries(LANGUAGES.map((language) => [language, NON_EMPTY])),
    },
  },
};

const PLUGIN_FILE_SCHEMA: SchemaObject = {
  type: 'object',
  required: [...REQUIRED_MANIFEST_KEYS, 'files'],
  additionalProperties: false,
  properties: { ...MANIFEST_PROPERTIES, files: FILES },
};

const validatePluginFile = new Ajv({ allErrors: true, strict: true }).compile<ExternalPluginFile>(PLUGIN_FILE_SCHEMA);

/** Ajv's errors as one short line: the first few, each at its place in the file. */
function schemaProblems(errors: readonly ErrorObject[]): string {
  // oneOf reports each branch's complaint as well; the place and the oneOf line say enough.
  const shown = errors.filter(
    (error) =>
      error.keyword !== 'type' ||
      !errors.some((other) => other.keyword === 'oneOf' && error.instancePath === other.instancePath),
  );
  const lines = [
    ...new Set(
      shown.map(
        (error) =>
          `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.keyword === 'additionalProperties' ? ` "${String(error.params.additionalProperty)}"` : ''}`,
      ),
    ),
  ];
  return lines.length > 3 ? `${lines.slice(0, 3).join('; ')}; and ${lines.length - 3} more` : lines.join('; ');
}

/**
 * Why `path` (a path in plugin.json) could leave the plugin's folder, or null when it stays inside:
 * relative, forward slashes only, no `..` and no empty or `.` step.
 */
export function relativePathProblem(path: string): string | null {
  if (isAbsolute(path) || win32.isAbsolute(path)) return 'is absolute';
  if (path.includes('\\') || path.includes('\0')) return 'holds a backslash or NUL';
  if (path.split('/').some((step) => step === '..' || step === '.' || step === ''))
    return 'must be a plain relative path (no "..", ".", or empty steps)';
  return null;
}

/** Whether relative path `inner` lies under relative folder `outer` (both checked by relativePathProblem). */
function isUnder(inner: string, outer: string): boolean {
  return inner.startsWith(`${outer}/`);
}

/** The paths of `files` that leave the folder, and translations outside the web root (the browser reads them from there). */
function filesProblems(file: ExternalPluginFile): string[] {
  const problems: string[] = [];
  const paths: [string, string | null][] = [
    ['files.server', file.files.server],
    ['files.web.root', file.files.web?.root ?? null],
    ['files.web.manifest', file.files.web?.manifest ?? null],
    ...LANGUAGES.map((language): [string, string] => [
      `files.translations.${language}`,
      file.files.translations[language],
    ]),
  ];
  for (const [key, path] of paths) {
    const problem = path === null ? null : relativePathProblem(path);
    if (problem) problems.push(`${key} "${path ?? ''}" ${problem}`);
  }
  const web = file.files.web;
  if (web && problems.length === 0) {
    for (const language of LANGUAGES) {
      const path = file.files.translations[language];
      if (!isUnder(path, web.root))
        problems.push(`files.translations.${language} "${path}" is outside the web root "${web.root}"`);
    }
    if (file.files.server !== null && isUnder(file.files.server, web.root))
      problems.push(
        `files.server "${file.files.server}" lies in the web root "${web.root}", which is served to anyone`,
      );
  }
  return problems;
}

/** The id to list an unreadable folder under: its name, or its parent's when the folder is a build's `dist`. */
export function folderId(path: string): string {
  const name = basename(path);
  return name === 'dist' ? basename(dirname(path)) : name;
}

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field: unknown = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : null;
}

function unreadable(path: string, json: unknown, problem: string): UnreadableFolder {
  const id = stringField(json, 'id');
  return {
    ok: false,
    path,
    id: id !== null && PLUGIN_ID.test(id) ? id : folderId(path),
    version: stringField(json, 'version'),
    sdk: stringField(json, 'sdk'),
    titleKey: stringField(json, 'titleKey'),
    problem,
  };
}

/**
 * Reads and checks `<folder>/plugin.json`: valid JSON of exactly the ExternalPluginFile shape, a
 * manifest without problems, and file paths that stay inside the folder. Never throws.
 */
export async function readExternalPluginFolder(folder: string): Promise<ExternalPluginFolder> {
  const path = resolve(folder);
  let text: string;
  try {
    text = await readFile(join(path, EXTERNAL_PLUGIN_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'not found' : code === 'EACCES' ? 'permission denied' : (code ?? String(error));
    return unreadable(path, null, `cannot read ${EXTERNAL_PLUGIN_FILE}: ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return unreadable(path, null, `${EXTERNAL_PLUGIN_FILE} is not valid JSON: ${(error as Error).message}`);
  }
  if (!validatePluginFile(json))
    return unreadable(
      path,
      json,
      `${EXTERNAL_PLUGIN_FILE} is invalid: ${schemaProblems(validatePluginFile.errors ?? [])}`,
    );
  const problems = [...manifestProblems(json), ...filesProblems(json)];
  if (problems.length > 0) return unreadable(path, json, `${EXTERNAL_PLUGIN_FILE} is invalid: ${problems.join('; ')}`);
  return { ok: true, path, file: json };
}

/** The manifest part of plugin.json: everything but `files`. */
export function manifestOf(file: ExternalPluginFile): PluginManifest {
  const { files: _files, ...manifest } = file;
  return manifest;
}

/** A path of plugin.json (checked by relativePathProblem) relative to another, as a URL path: `web/i18n/en.json` under `web` is `i18n/en.json`. */
export function relativeUnder(path: string, root: string): string {
  return posix.relative(root, path);
}
