/**
 * An external plugin's registration throwing, at any depth of Fastify scopes it opens: the server
 * still starts, the other scopes answer, and every route of the failed one answers 404 (routes
 * Fastify left half-wired would otherwise crash on their first request).
 */
import fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerIsolated } from '@core/server/plugin-isolation';

let app: FastifyInstance;

afterEach(async () => {
  await app.close();
});

interface Scope {
  readonly name: string;
  readonly body: (scope: FastifyInstance) => Promise<void>;
}

/** A server with each scope isolated under /<name>; returns what each scope's failure was, by name. */
async function serverWith(scopes: readonly Scope[]): Promise<Map<string, string>> {
  app = fastify();
  const failures = new Map<string, string>();
  for (const { name, body } of scopes) {
    await registerIsolated(app, `/${name}`, body, (error) => failures.set(name, (error as Error).message));
  }
  await app.ready();
  return failures;
}

const answer = (name: string) => async () => ({ from: name });

/** What fastify-plugin does to a plugin function: it then shares the scope it is registered in. */
function shared<T extends object>(plugin: T): T {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true });
  return plugin;
}

describe('registerIsolated', () => {
  it('contains a throw in the body, in a child scope awaited or not, in a grandchild and in a callback plugin', async () => {
    const failures = await serverWith([
      {
        name: 'direct',
        body: async (scope) => {
          scope.get('/route', answer('direct'));
          throw new Error('direct throw');
        },
      },
      {
        name: 'child',
        body: async (scope) => {
          scope.get('/route', answer('child'));
          await scope.register(async (child) => {
            child.get('/inner', answer('child inner'));
            throw new Error('child throw');
          });
        },
      },
      {
        name: 'late',
        body: async (scope) => {
          scope.get('/route', answer('late'));
          void scope.register(async (child) => {
            child.get('/inner', answer('late inner'));
            await child.register(async (grandchild) => {
              grandchild.get('/deep', answer('late deep'));
              throw new Error('grandchild throw');
            });
          });
        },
      },
      {
        name: 'callback',
        body: async (scope) => {
          scope.get('/route', answer('callback'));
          void scope.register((child: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
            child.get('/inner', answer('callback inner'));
            done(new Error('callback error'));
          });
        },
      },
      { name: 'healthy', body: async (scope) => void scope.get('/route', answer('healthy')) },
    ]);
    expect(Object.fromEntries(failures)).toEqual({
      direct: 'direct throw',
      child: 'child throw',
      late: 'grandchild throw',
      callback: 'callback error',
    });
    for (const url of [
      '/direct/route',
      '/child/route',
      '/child/inner',
      '/late/route',
      '/late/inner',
      '/late/deep',
      '/callback/route',
      '/callback/inner',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
    expect((await app.inject({ method: 'GET', url: '/healthy/route' })).json()).toEqual({ from: 'healthy' });
  });

  it('keeps what a fastify-plugin shares with the scope (decorators), and reports nothing for a plugin that registers', async () => {
    const failures = await serverWith([
      {
        name: 'shared',
        body: async (scope) => {
          await scope.register(
            shared(async (instance: FastifyInstance) => void instance.decorate('greeting', 'hello')),
          );
          scope.get('/route', async function (this: FastifyInstance) {
            return { greeting: (this as unknown as { greeting: string }).greeting };
          });
        },
      },
    ]);
    expect(failures.size).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/shared/route' })).json()).toEqual({ greeting: 'hello' });
  });
});
