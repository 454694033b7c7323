import type { FastifyInstance } from 'fastify';
import { validationError, type FieldErrors } from './api-error';

/*
 * The one rule every text input meets before any route sees it. PostgreSQL cannot store a NUL
 * character in text, so a NUL that reached a statement used to fail there as a 500; refused here, it
 * is a 422 on the field that carried it, for the core's, the engine's and every plugin's routes alike.
 */

export const NUL_MESSAGE = 'This field must not contain a NUL character.';

const NUL = '\u0000';
/** Deeper than any form nests: a body built to exhaust the walk is refused by its size limit first. */
const MAX_DEPTH = 32;

/** The fields (written as the error envelope writes them: `roles.0.name`) whose text, or key, holds a NUL. */
export function fieldsWithNul(value: unknown, path: readonly string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) found.push(path.join('.') || 'body');
  } else if (typeof value === 'object' && value !== null && path.length < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) {
      const at = [...path, key];
      if (key.includes(NUL)) found.push(at.join('.'));
      else fieldsWithNul(item, at, found);
    }
  }
  return found;
}

/** Refuses, before validation, any request whose body or query carries a NUL in a text or a key. */
export function installTextInputRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = [...fieldsWithNul(request.query), ...fieldsWithNul(request.body)];
    if (fields.length === 0) return;
    const errors: FieldErrors = Object.fromEntries(fields.map((field) => [field, [NUL_MESSAGE]]));
    throw validationError(errors);
  });
}
