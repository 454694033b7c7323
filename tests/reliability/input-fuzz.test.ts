import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SchemaObject } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePrefix } from '@core/server/api-server';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '@core/server/auth/auth-settings';
import type { Database } from '@core/server/database/database';
import type { DeclaredRoute } from '@core/server/http/route-access';
import { enabledResources, NO_INPUT } from '@core/server/resource';
import type { FieldDefinition } from '@core/shared/resource/field';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import {
  bearer,
  buildServer,
  DB_TIMEOUT,
  freshDatabase,
  mintToken,
  TEMPLATE_CODES,
} from '../support/server/test-database';

/*
 * The reliability suite's input fuzz: every write endpoint and list query of every plugin
 * this build has, fed refused input made by fast-check: wrong JSON types, NUL, long and unicode text,
 * prototype keys, non-canonical ids, NaN and far dates. Every answer must be a 4xx with
 * `{ message, errors }` and the database must be exactly as it was.
 */

const CONFIGURED_AUTH: AuthSettings = {
  ...DEFAULT_AUTH_SETTINGS,
  telegram: { botToken: '123456:fuzz-bot-token', botLink: 'https://t.me/fuzz_bot', maxAgeSeconds: 86_400 },
  mattermost: {
    url: 'http://127.0.0.1:9',
    clientId: 'fuzz',
    clientSecret: 'fuzz-secret',
    redirectUri: 'http://127.0.0.1:9/api/auth/mattermost/callback',
  },
};
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let db: Database;
let app: FastifyInstance;
const headers = () => bearer(mintToken(TEMPLATE_CODES));
const tally = { requests: 0, byStatus: new Map<number, number>(), routes: 0, writingRoutes: 0 };

beforeAll(async () => {
  db = await freshDatabase();
  // Integrations configured (at addresses that answer nothing), so their routes check input instead of saying 503.
  // The job runner polls once at start and not again within the run: a schedule falling due (the shop's sweep runs each minute) would write.
  app = await buildServer({
    db,
    plugins: AVAILABLE_SERVER_PLUGINS,
    auth: CONFIGURED_AUTH,
    jobs: { pollMs: 3_600_000 },
  });
  await seedOneRecordPerResource();
}, DB_TIMEOUT);

afterAll(async () => {
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(', ');
  console.log(
    `input fuzz: ${tally.requests} requests on ${tally.routes} route cases (seed ${SEED}, ${RUNS} runs each): ${statuses}; ` +
      `${tally.byStatus.get(500) ?? 0} × 500, ${tally.writingRoutes} route cases that wrote`,
  );
  await app.close();
  await db.close();
});

/** One live record per resource, so `/:id` routes find a record the refused input could have changed. */
async function seedOneRecordPerResource(): Promise<void> {
  for (const definition of enabledResources(AVAILABLE_SERVER_PLUGINS)) {
    await db
      .query(
        `INSERT INTO ${definition.table
          .split('.')
          .map((part) => `"${part}"`)
          .join('.')} DEFAULT VALUES`,
      )
      .catch(() => undefined);
  }
}

/**
 * The whole database's content as one digest: any insert, update or delete changes it. The job
 * runner's schedule book is left out: each copy's runner writes it on its own clock (its first poll
 * declares the schedules), whatever the requests do.
 */
async function fingerprint(): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
       AND (table_schema, table_name) <> ('core', 'job_schedules') ORDER BY 1`,
  );
  const parts = tables.map(
    ({ name }) => `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${name} t`,
  );
  const { rows } = await db.query<{ digest: string }>(
    `SELECT md5(string_agg(digest, ',')) AS digest FROM (${parts.join(' UNION ALL ')}) d`,
  );
  return rows[0]?.digest ?? '';
}

function expectRefused(response: LightMyRequestResponse, what: string): void {
  tally.requests += 1;
  tally.byStatus.set(response.statusCode, (tally.byStatus.get(response.statusCode) ?? 0) + 1);
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body}`).toBeLessThan(500);
  const body = response.json<{ message?: unknown; errors?: unknown }>();
  expect(typeof body.message === 'string' && body.message.length > 0, `${what}: no message in ${response.body}`).toBe(
    true,
  );
  if (response.statusCode === 422) {
    const errors = body.errors as Record<string, unknown> | undefined;
    expect(errors && Object.keys(errors).length > 0, `${what}: 422 without field errors: ${response.body}`).toBe(true);
    for (const messages of Object.values(errors ?? {}))
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string' && m !== '')).toBe(true);
  }
}

/** Runs `property` for one route and checks that none of its runs wrote anything. */
async function fuzzRoute<T>(
  arbitrary: fc.Arbitrary<T>,
  send: (input: T) => Promise<{ response: LightMyRequestResponse; what: string }>,
  status?: number,
): Promise<void> {
  tally.routes += 1;
  const before = await fingerprint();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      const { response, what } = await send(input);
      expectRefused(response, what);
      if (status !== undefined) expect(response.statusCode, what).toBe(status);
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  const after = await fingerprint();
  if (after !== before) tally.writingRoutes += 1;
  expect(after, 'refused input changed the database').toBe(before);
}

// ---- values ----------------------------------------------------------------------------------

const nastyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u202e',
    '👩‍👩‍👧',
    'Ω≈ç√',
    '<script>',
    "'; DROP TABLE core.users; --",
    '=HYPERLINK("x")',
    '__proto__',
    'NaN',
    'Infinity',
  ),
  fc.integer({ min: 5_000, max: 120_000 }).map((length) => 'x'.repeat(length)),
);
const withNul = fc.tuple(nastyText, nastyText).map(([left, right]) => `${left}\u0000${right}`);
const nonCanonicalId = fc.oneof(
  fc.integer({ min: 1, max: 9 }).map((n) => `+${n}`),
  fc.integer({ min: 1, max: 9 }).map((n) => `0${n}`),
  fc.integer({ min: 1, max: 9 }).map((n) => `${n}e0`),
  fc.integer({ min: 1, max: 9 }).map((n) => `${n}.0`),
  fc.integer({ min: 1, max: 9 }).map((n) => ` ${n}`),
  fc.constantFrom(
    '0',
    '-1',
    '0x1',
    'NaN',
    'Infinity',
    '1e3',
    '9007199254740993',
    '99999999999999999999',
    'true',
    'null',
  ),
);
const farDate = fc.constantFrom(
  '99999-12-31',
  '275760-09-14',
  '-000001-01-01',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '20261124',
  'NaN',
  '1e9',
);
const anyJson = fc.jsonValue({ maxDepth: 2 });
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString');

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

const valueOfType: Record<JsonType, fc.Arbitrary<unknown>> = {
  string: fc.oneof(nastyText, nonCanonicalId, farDate),
  number: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1.5, -0.5, 1e308, -1e308)),
  integer: fc.oneof(fc.integer(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER + 2)),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(anyJson, { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(nastyText, prototypeKey), anyJson, { maxKeys: 3 }),
};

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** A value whose JSON type the schema does not allow, or null when the schema allows every type. */
function wrongForSchema(schema: SchemaObject): fc.Arbitrary<unknown> | null {
  const declared = [
    schema.type,
    ...((schema.anyOf ?? schema.oneOf ?? []) as SchemaObject[]).map((option) => option.type),
  ]
    .flat()
    .filter(Boolean) as JsonType[];
  if (declared.length === 0 || (schema.anyOf && (schema.anyOf as SchemaObject[]).some((option) => !option.type)))
    return null;
  const allowed = new Set<JsonType>(declared.includes('number') ? [...declared, 'integer'] : declared);
  const wrong = (Object.keys(valueOfType) as JsonType[]).filter((type) => !allowed.has(type));
  return fc.oneof(...wrong.map((type) => valueOfType[type])).filter((value) => !allowed.has(typeOfValue(value)));
}

/** A value the engine must refuse for a field of this kind. */
function wrongForField(field: FieldDefinition): fc.Arbitrary<unknown> {
  const notText = fc.oneof(
    valueOfType.integer,
    valueOfType.number,
    valueOfType.boolean,
    valueOfType.array,
    fc.dictionary(fc.string(), fc.integer(), { minKeys: 1, maxKeys: 2 }),
  );
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
    case 'secret':
      return fc.oneof(notText, withNul);
    case 'number':
      return fc.oneof(fc.constantFrom('1', '+1', '1e3', 'NaN', true), valueOfType.array);
    case 'decimal':
    case 'percent':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('NaN', 'Infinity', '1e999', '0x10', '1,5', '--1', true),
      );
    case 'money':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(
          '10 USD',
          { amount: 1, currency: 'USD' },
          { amount: '1', currency: 'US$' },
          { amount: 'NaN', currency: 'USD' },
          { amount: '1', currency: 'USD', extra: 1 },
        ),
      );
    case 'boolean':
      return fc.constantFrom('true', 'false', 1, 0, [true]);
    case 'date':
    case 'datetime':
      return fc.oneof(farDate, valueOfType.integer, valueOfType.boolean);
    case 'enum':
      return fc.oneof(
        valueOfType.integer,
        nastyText.filter((text) => text.trim() !== '' && !field.values.includes(text)),
      );
    case 'reference':
      return field.many
        ? fc.constantFrom('1', ['1'], [true], [1.5], [0], [-1], { id: 1 })
        : fc.oneof(nonCanonicalId, fc.constantFrom(true, 1.5, 0, -1, [1], { id: 1 }));
    case 'keyValue':
      return fc.oneof(
        valueOfType.array,
        nastyText.filter((text) => text.trim() !== ''),
        fc.constant({ key: 1 }),
        fc.constant({ '': 'x' }),
      );
  }
}

/** Other keys beside the poison: random names with random values, prototype keys among them. */
const noise = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), prototypeKey), anyJson, { maxKeys: 3 });

// ---- routes ----------------------------------------------------------------------------------

/** The engine's routes that take a record's fields: their bodies are checked against the resource's definition. */
function engineInputRoutes(): Set<string> {
  return new Set(
    enabledResources(AVAILABLE_SERVER_PLUGINS).flatMap((definition) => {
      const base = `${servicePrefix(definition.service)}/${definition.path}`;
      return [`POST ${base}`, `PATCH ${base}/:id`, `POST ${base}/:id/comments`];
    }),
  );
}

const concrete = (url: string, value = '1') => url.replace(/:[A-Za-z_]+/g, value);
const writeRoutes = (): DeclaredRoute[] => app.routeAccessTable.filter((route) => WRITE_METHODS.has(route.method));
const schemasOf = (route: DeclaredRoute) => app.routeSchemaTable.get(`${route.method} ${route.url}`) ?? {};

async function send(method: string, url: string, payload?: unknown, raw = false) {
  const body = payload === undefined ? undefined : raw ? (payload as string) : JSON.stringify(payload);
  const response = await app.inject({
    method: method as 'POST',
    url,
    headers: { ...headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: body }),
  });
  return { response, what: `${method} ${url} ${body === undefined ? '' : body.slice(0, 200)}` };
}

describe('input fuzz over every write endpoint and list query', () => {
  it('a NUL anywhere in a body is refused on every write route, and nothing is written', async () => {
    for (const route of writeRoutes()) {
      const key = fc
        .oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.nat(3).map(String))
        .filter((name) => name !== '__proto__');
      const poisoned = fc
        .tuple(noise, fc.array(key, { minLength: 1, maxLength: 3 }), withNul)
        .map(([others, path, nul]) => {
          const body: Record<string, unknown> = { ...others };
          let at = body;
          path.slice(0, -1).forEach((key) => {
            at = at[key] = {} as Record<string, unknown>;
          });
          at[path.at(-1) ?? 'field'] = nul;
          return body;
        });
      await fuzzRoute(poisoned, (body) => send(route.method, concrete(route.url), body));
    }
  }, 600_000);

  it('a declared body field given a value of the wrong JSON type is a 422, and nothing is written', async () => {
    for (const route of writeRoutes()) {
      const properties = (schemasOf(route).body?.properties ?? {}) as Record<string, SchemaObject>;
      const cases = Object.entries(properties).flatMap(([name, schema]) => {
        const wrong = wrongForSchema(schema);
        return wrong ? [fc.tuple(fc.constant(name), wrong)] : [];
      });
      if (cases.length === 0) continue;
      await fuzzRoute(fc.tuple(fc.oneof(...cases), noise), ([[name, value], others]) =>
        send(route.method, concrete(route.url), { ...others, [name]: value }),
      );
    }
  }, 600_000);

  it('a resource field given a value of its kind that cannot be right is a 422 on create and update, and nothing is written', async () => {
    for (const definition of enabledResources(AVAILABLE_SERVER_PLUGINS)) {
      const base = `${servicePrefix(definition.service)}/${definition.path}`;
      const writable = definition.fields.filter((field) => !field.readOnly);
      if (writable.length === 0) continue;
      const poisoned = fc.oneof(...writable.map((field) => fc.tuple(fc.constant(field.name), wrongForField(field))));
      for (const [method, url] of [
        ['POST', base],
        ['PATCH', `${base}/1`],
      ] as const) {
        if (!app.routeAccessTable.some((route) => route.method === method && concrete(route.url) === url)) continue;
        await fuzzRoute(poisoned, ([name, value]) => send(method, url, { [name]: value, version: 1 }));
      }
    }
  }, 600_000);

  it('a path id that is not a canonical positive integer is a 404, and nothing is written', async () => {
    for (const route of [...writeRoutes(), ...app.routeAccessTable.filter((candidate) => candidate.method === 'GET')]) {
      const params = (schemasOf(route).params?.properties ?? {}) as Record<string, SchemaObject>;
      if (!Object.values(params).some((schema) => schema.type === 'integer')) continue;
      await fuzzRoute(
        nonCanonicalId,
        (id) =>
          send(
            route.method,
            concrete(route.url, encodeURIComponent(id)),
            route.method === 'GET' || route.method === 'DELETE' ? undefined : { name: 'x' },
          ),
        404,
      );
    }
  }, 600_000);

  it('a list query with a bad page, a NUL or an unknown parameter is refused, and nothing is written', async () => {
    const lists = [
      ...enabledResources(AVAILABLE_SERVER_PLUGINS).map(
        (definition) => `${servicePrefix(definition.service)}/${definition.path}`,
      ),
      ...app.routeAccessTable
        .filter(
          (route) =>
            route.method === 'GET' && !route.url.includes(':') && schemasOf(route).querystring?.properties?.page,
        )
        .map((route) => route.url),
    ];
    const badQuery = fc.oneof(
      fc.tuple(
        fc.constantFrom('page', 'per_page'),
        fc.oneof(nonCanonicalId, fc.constantFrom('1e9', '100000000', '', 'abc')),
      ),
      fc.tuple(fc.constantFrom('q', 'sort', 'filter[name][contains]', 'deleted'), withNul),
      fc.tuple(
        fc.constantFrom('__proto__', 'constructor', 'filter[__proto__][eq]', 'sort', 'filter[nope][eq]'),
        fc.constantFrom('x', '-nope', '1'),
      ),
    );
    for (const url of new Set(lists)) {
      await fuzzRoute(fc.tuple(badQuery, farDate), ([[key, value], date]) =>
        send(
          'GET',
          `${url}?${new URLSearchParams([
            [key, value],
            ['filter[created_at][gte]', date],
          ]).toString()}`,
        ),
      );
    }
  }, 600_000);

  it('a body that is not JSON, or JSON of the wrong shape, is refused on every write route that takes one', async () => {
    const engineWrites = engineInputRoutes();
    for (const route of writeRoutes()) {
      const shapes = fc.oneof(
        fc.constantFrom(
          '{',
          '{"a":1,}',
          'NaN',
          '{"__proto__":{"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          '\u0000',
        ),
        fc
          .oneof(
            valueOfType.array,
            nastyText.filter((text) => !text.includes('\u0000')),
            valueOfType.number,
          )
          .map((value) => JSON.stringify(value)),
      );
      if (!schemasOf(route).body && !engineWrites.has(`${route.method} ${route.url}`)) continue;
      await fuzzRoute(shapes, (body) => send(route.method, concrete(route.url), body, true));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it('an action that takes no input refuses a body with fields, always with the same 422, and writes nothing', async () => {
    const accepted: string[] = [];
    for (const route of writeRoutes()) {
      if (schemasOf(route).body || route.input === 'handler') continue;
      const before = await fingerprint();
      const { response, what } = await send(route.method, concrete(route.url), { unexpected: 1 });
      tally.requests += 1;
      const wrote = (await fingerprint()) !== before;
      if (wrote || response.statusCode !== 422 || response.json<{ message?: unknown }>().message !== NO_INPUT)
        accepted.push(`${what} → ${response.statusCode} ${response.body.slice(0, 120)}${wrote ? ' (wrote)' : ''}`);
    }
    expect(accepted).toEqual([]);
  }, 600_000);
});
