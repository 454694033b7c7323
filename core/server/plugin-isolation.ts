import type { FastifyInstance } from 'fastify';

/*
 * A plugin from outside the repository may throw while it registers. Fastify cannot take back what
 * it registered so far, and an error that reaches Fastify's plugin loader poisons the whole server
 * (every later registration and `ready()` fail with it; routes of the failed scope are left unwired
 * and crash on their first request). So the throw is caught where it happens, inside the scope,
 * and the scope answers 404 to every request from then on.
 */

type Done = (error?: Error) => void;
type CallbackPlugin = (instance: FastifyInstance, options: unknown, done: Done) => void;
type AsyncPlugin = (instance: FastifyInstance, options: unknown) => unknown;
type Register = (this: FastifyInstance, plugin: unknown, options?: unknown) => unknown;

/** What fastify-plugin and avvio read off a plugin function (encapsulation, name, metadata). */
const PLUGIN_MARKS = [Symbol.for('skip-override'), Symbol.for('fastify.display-name'), Symbol.for('plugin-meta')];

/** `plugin` with its throws (and errors passed to `done`) handed to `fail` instead of Fastify; anything else as it is. */
function guarded(plugin: unknown, fail: (error: unknown) => void): unknown {
  if (typeof plugin !== 'function') return plugin;
  const inner = plugin as (...args: unknown[]) => unknown;
  const guard =
    inner.length >= 3
      ? function (this: unknown, instance: FastifyInstance, options: unknown, done: Done): void {
          try {
            (inner as CallbackPlugin).call(this, instance, options, (error?: Error) => {
              if (error) fail(error);
              done();
            });
          } catch (error) {
            fail(error);
            done();
          }
        }
      : async function (this: unknown, instance: FastifyInstance, options: unknown): Promise<void> {
          try {
            await (inner as AsyncPlugin).call(this, instance, options);
          } catch (error) {
            fail(error);
          }
        };
  const marks = guard as unknown as Record<symbol, unknown>;
  for (const mark of PLUGIN_MARKS) if (mark in inner) marks[mark] = (inner as unknown as Record<symbol, unknown>)[mark];
  return guard;
}

/**
 * Runs `body` in a scope of its own under `prefix`. When `body`, or any plugin it registers at any
 * depth, throws, `onFailure` is told (once) and every route of the scope answers 404 (the hooks
 * of the server before it, such as access checks, still run first). Nothing it does stops the
 * server from starting, except an error the guard could not catch (a plugin timeout), rethrown.
 */
export async function registerIsolated(
  app: FastifyInstance,
  prefix: string,
  body: (scope: FastifyInstance) => Promise<void>,
  onFailure: (error: unknown) => void,
): Promise<void> {
  let failed = false;
  const fail = (error: unknown): void => {
    if (failed) return;
    failed = true;
    onFailure(error);
  };
  await app
    .register(
      async (scope) => {
        scope.addHook('onRequest', async (_request, reply) => {
          if (failed) return reply.status(404).send({ message: 'Not found.' });
        });
        // Children inherit the scope's own `register` through the prototype: every depth is guarded.
        const register = scope.register as unknown as Register;
        (scope as unknown as { register: Register }).register = function (
          this: FastifyInstance,
          plugin: unknown,
          options?: unknown,
        ): unknown {
          return register.call(this, guarded(plugin, fail), options);
        };
        try {
          await body(scope);
        } catch (error) {
          fail(error);
        }
      },
      { prefix },
    )
    .after((error) => {
      if (error) throw error;
    });
}
