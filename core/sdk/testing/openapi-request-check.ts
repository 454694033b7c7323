import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/*
 * Checks a request our code sent to an outside service against the service's own published OpenAPI 3
 * document, so a test fake cannot drift into accepting what the real service would refuse. The fake records
 * each request; a test hands them here with the vendored part of the document.
 */

/** A request as a fake received it: the path holds real ids, the query its decoded values. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: Readonly<Record<string, string | readonly string[]>>;
  /** The parsed JSON body; `undefined` when none was sent. */
  readonly body?: unknown;
}

/** The parts of an OpenAPI 3 document the check reads; the rest is carried along untouched. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Readonly<Record<string, unknown>>;
  readonly components?: unknown;
}

export interface RequestCheckOptions {
  /** The service's path prefix the document's paths leave out, such as `/admin_api/v1`. */
  readonly basePath?: string;
}

type Json = Record<string, unknown>;

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly pointer: string;
}

interface Operation {
  readonly template: string;
  readonly parameters: readonly Parameter[];
  /** Pointer to the JSON body's schema, when the operation takes one. */
  readonly bodyPointer?: string;
  readonly bodyRequired: boolean;
}

const DOCUMENT_ID = 'openapi-document';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
// OpenAPI's own formats, which JSON Schema does not define; their type is checked, their width is not.
const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Follows local `$ref`s (`#/components/...`) to the node they name, with the pointer it sits at. */
function resolve(document: Json, node: unknown, pointer: string): { node: Json; pointer: string } {
  let current = node;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`Unsupported $ref ${ref} at ${at}`);
    at = ref.slice(1);
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[unescapePointer(key)] : undefined), document);
  }
  if (!isObject(current)) throw new Error(`Nothing at ${at}`);
  return { node: current, pointer: at };
}

function readParameters(document: Json, list: unknown, pointer: string): Parameter[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry, index) => {
    const { node, pointer: at } = resolve(document, entry, `${pointer}/${index}`);
    return {
      name: String(node.name),
      in: String(node.in),
      required: node.required === true,
      pointer: `${at}/schema`,
    };
  });
}

function readOperation(document: Json, template: string, pathItem: Json, method: string): Operation {
  const base = `/paths/${escapePointer(template)}`;
  const operation = resolve(document, pathItem[method], `${base}/${method}`);
  // Operation-level parameters override path-level ones of the same name and place.
  const byKey = new Map<string, Parameter>();
  for (const parameter of [
    ...readParameters(document, pathItem.parameters, `${base}/parameters`),
    ...readParameters(document, operation.node.parameters, `${operation.pointer}/parameters`),
  ]) {
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  const parameters = [...byKey.values()];
  if (operation.node.requestBody === undefined) return { template, parameters, bodyRequired: false };
  const body = resolve(document, operation.node.requestBody, `${operation.pointer}/requestBody`);
  const content = isObject(body.node.content) ? body.node.content : {};
  const jsonType = Object.keys(content).find((type) => type === 'application/json' || type.endsWith('+json'));
  return {
    template,
    parameters,
    bodyRequired: body.node.required === true,
    bodyPointer: jsonType === undefined ? undefined : `${body.pointer}/content/${escapePointer(jsonType)}/schema`,
  };
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Matches a path to a template, giving its path parameters, or `undefined` when it does not fit. */
function matchTemplate(template: string, path: readonly string[]): Record<string, string> | undefined {
  const parts = segments(template);
  if (parts.length !== path.length) return undefined;
  const values: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const actual = path[index] ?? '';
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name !== undefined) values[name] = decodeURIComponent(actual);
    else if (part !== actual) return undefined;
  }
  return values;
}

function literalCount(template: string): number {
  return segments(template).filter((part) => !part.startsWith('{')).length;
}

function describe(errors: readonly ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String(error.params.additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')})`
          : '';
    return `${where}${error.instancePath} ${error.message ?? error.keyword}${extra}`;
  });
}

/** The node a local `$ref` names, or undefined. */
function target(document: Json, node: unknown): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((parent, key) => (isObject(parent) ? parent[unescapePointer(key)] : undefined), document);
}

/** The names of the readOnly properties a schema declares, itself or through allOf, oneOf and anyOf. */
function readOnlyNames(document: Json, node: unknown, seen: Set<unknown> = new Set()): Set<string> {
  const names = new Set<string>();
  const schema = target(document, node);
  if (!isObject(schema) || seen.has(schema)) return names;
  seen.add(schema);
  for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    const resolved = target(document, property);
    if (isObject(resolved) && resolved.readOnly === true) names.add(name);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) for (const name of readOnlyNames(document, member, seen)) names.add(name);
  }
  return names;
}

/**
 * The document as a request sees it: OpenAPI requires a readOnly property listed in `required`
 * only in responses, so those names leave every `required` list.
 */
function requestView(document: Json): Json {
  const copy = structuredClone(document);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    if (!isObject(node)) return;
    if (Array.isArray(node.required)) {
      const readOnly = readOnlyNames(copy, node);
      node.required = node.required.filter((name) => typeof name !== 'string' || !readOnly.has(name));
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(copy);
  return copy;
}

function newAjv(coerceTypes: false | 'array'): Ajv {
  // The document carries OpenAPI keywords (`nullable`, `example`, `discriminator`, `x-…`) beside JSON Schema.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes, logger: false });
  addFormats(ajv);
  for (const format of OPENAPI_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

/**
 * Prepares a checker for one document. It returns the problems it finds in a request, readable as they
 * stand; an empty list means the request fits the documented operation.
 */
export function createRequestChecker(
  document: OpenApiDocument,
  options: RequestCheckOptions = {},
): (request: RecordedRequest) => string[] {
  const root = document as unknown as Json;
  // A JSON body is checked exactly as sent; path and query values are text and are read as their schema's type.
  const exact = newAjv(false);
  const fromText = newAjv('array');
  exact.addSchema(requestView(root), DOCUMENT_ID);
  fromText.addSchema(structuredClone(root), DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ajv: Ajv, pointer: string, key: string): ValidateFunction => {
    const cacheKey = `${key} ${pointer}`;
    const known = compiled.get(cacheKey);
    if (known) return known;
    const pointerRef = pointer.split('/').map(encodeURIComponent).join('/');
    const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointerRef}` });
    compiled.set(cacheKey, validate);
    return validate;
  };

  return (request) => {
    const method = request.method.toLowerCase();
    const base = options.basePath ?? '';
    const rawPath = request.path.split('?')[0] ?? '';
    if (!rawPath.startsWith(base)) return [`${request.method} ${request.path}: not under ${base}`];
    const path = segments(rawPath.slice(base.length));
    const candidates = Object.entries(document.paths)
      .map(([template, item]) => ({ template, item, params: matchTemplate(template, path) }))
      .filter(
        (entry): entry is { template: string; item: Json; params: Record<string, string> } =>
          entry.params !== undefined && isObject(entry.item) && HTTP_METHODS.includes(method) && method in entry.item,
      )
      .sort((a, b) => literalCount(b.template) - literalCount(a.template));
    const found = candidates[0];
    const label = `${request.method.toUpperCase()} ${rawPath}`;
    if (!found) return [`${label}: no documented operation`];
    const operation = readOperation(root, found.template, found.item, method);
    const problems: string[] = [];
    const query = request.query ?? {};

    for (const parameter of operation.parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const raw = parameter.in === 'path' ? found.params[parameter.name] : query[parameter.name];
      if (raw === undefined) {
        if (parameter.required || parameter.in === 'path') {
          problems.push(`${label}: ${parameter.in} parameter ${parameter.name} is required`);
        }
        continue;
      }
      const validate = validator(fromText, parameter.pointer, 'text');
      if (!validate(Array.isArray(raw) ? [...raw] : raw)) {
        problems.push(...describe(validate.errors, `${label}: ${parameter.in} parameter ${parameter.name}`));
      }
    }
    const documentedQuery = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of Object.keys(query)) {
      if (!documentedQuery.has(name)) problems.push(`${label}: query parameter ${name} is not documented`);
    }

    if (request.body === undefined) {
      if (operation.bodyRequired) problems.push(`${label}: a request body is required`);
    } else if (operation.bodyPointer === undefined) {
      problems.push(`${label}: the operation takes no JSON body`);
    } else {
      const validate = validator(exact, operation.bodyPointer, 'exact');
      if (!validate(request.body)) problems.push(...describe(validate.errors, `${label}: body`));
    }
    return problems;
  };
}
