import Ajv, { type ErrorObject, type Options, type SchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

/*
 * How request parts are checked against route schemas. Fastify's default coerces every part, bodies
 * included (`[true]` became `[1]`, `"21"` became `[21]`), which once let a bulk delete remove the wrong
 * record. Here a JSON body is taken exactly as sent: a wrong type is a 422 on its field. Path and query
 * values are text by nature, so they are still read as numbers or booleans, but an integer must be
 * written canonically: `+10`, `010` and `1e1` are not ten.
 */

const SHARED_OPTIONS: Options = {
  useDefaults: true,
  // Unknown fields are refused rather than silently dropped, and every invalid field is reported at once.
  removeAdditional: false,
  allErrors: true,
  // Route schemas are plain JSON Schema that Fastify also uses for docs; keywords it adds are not errors.
  strict: false,
};

function ajvWith(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...SHARED_OPTIONS, coerceTypes });
  addFormats(ajv);
  return ajv;
}

const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

type Part = 'body' | 'params' | 'querystring' | 'headers';

/** The schemas a route checks its request parts against. */
export type RouteSchemas = Partial<Record<Part, SchemaObject>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's request schemas by `METHOD url`, for audits and the input fuzz tests. */
    routeSchemaTable: ReadonlyMap<string, RouteSchemas>;
  }
}

function declaresInteger(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const type = (schema as SchemaObject).type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

interface IntegerField {
  readonly name: string;
  /** The integers are a list's items. */
  readonly list: boolean;
}

/** The top-level properties of a path or query schema that hold integers, alone or as list items. */
function integerFields(schema: FastifySchema[keyof FastifySchema]): IntegerField[] {
  const properties = (schema as SchemaObject | undefined)?.properties as Record<string, SchemaObject> | undefined;
  if (!properties) return [];
  return Object.entries(properties).flatMap(([name, property]): IntegerField[] => {
    if (declaresInteger(property)) return [{ name, list: false }];
    if (property.type === 'array' && declaresInteger(property.items)) return [{ name, list: true }];
    return [];
  });
}

function notCanonical(name: string): ErrorObject {
  return {
    instancePath: `/${name}`,
    schemaPath: '#/canonical-integer',
    keyword: 'type',
    params: { type: 'integer' },
    message: 'must be integer',
  };
}

/** Wraps a path or query validator so a non-canonical integer fails before Ajv turns it into a number. */
function withCanonicalIntegers(validate: ValidateFunction, fields: readonly IntegerField[]) {
  if (fields.length === 0) return validate;
  return (data: unknown) => {
    if (typeof data === 'object' && data !== null) {
      const values = data as Record<string, unknown>;
      const errors = fields
        .filter(({ name, list }) => {
          const raw = values[name];
          const written = list && Array.isArray(raw) ? raw : [raw];
          return written.some((value) => typeof value === 'string' && !CANONICAL_INTEGER.test(value));
        })
        .map(({ name }) => notCanonical(name));
      if (errors.length > 0) return { error: errors };
    }
    return validate(data) ? { value: data } : { error: validate.errors ?? [] };
  };
}

/** Installs the server's validators: strict JSON bodies, canonical integers in paths and queries. */
export function installSchemaValidation(app: FastifyInstance): void {
  const strict = ajvWith(false);
  // 'array' lets a query's one `?ids=3` stand for a list of one, as a repeated key would.
  const fromText = ajvWith('array');
  const table = new Map<string, RouteSchemas>();
  app.decorate('routeSchemaTable', table);
  app.setValidatorCompiler(({ schema, httpPart, method, url }) => {
    const part = httpPart as Part;
    const key = `${method} ${url}`;
    table.set(key, { ...table.get(key), [part]: schema as SchemaObject });
    if (part === 'body') return strict.compile(schema);
    const validate = fromText.compile(schema);
    return part === 'params' || part === 'querystring'
      ? withCanonicalIntegers(validate, integerFields(schema))
      : validate;
  });
}
