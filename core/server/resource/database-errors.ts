import type { ResourceDefinition } from '@core/shared/resource/definition';
import { issueMessage } from '@core/shared/resource/messages';
import type { Language } from '@core/shared/runtime-config';
import {
  DATA_EXCEPTION_CLASS,
  FOREIGN_KEY_VIOLATION,
  sqlState,
  UNIQUE_VIOLATION,
  violatedConstraint,
} from '../database/sql';
import { ApiError, validationError } from '../http/api-error';
import { uniqueIndexFields } from './indexes';

export const STILL_REFERENCED_MESSAGE = 'This record is still used by other records and cannot be deleted.';

/** The 409 for a delete that would leave references dangling, naming who still points. */
export function stillReferencedError(resources: readonly string[]): ApiError {
  return new ApiError(
    409,
    `This record is still used by other records (${resources.join(', ')}) and cannot be deleted.`,
  );
}
export const UNSTORABLE_MESSAGE =
  'A value could not be stored: it is out of range or contains characters that are not allowed.';

/**
 * What a failed statement means to the caller. A unique index refusing a value is the 422 a
 * check would have given (without the race a check-then-write has); a value PostgreSQL cannot
 * take is a 422, not a 500. Any other database error is a fault, re-thrown without the driver's
 * copy of the statement's parameters, which could hold a secret and would end up in the log.
 */
export function translateDatabaseError(error: unknown, definition: ResourceDefinition, language: Language): never {
  const state = sqlState(error);
  // Not the database's: a hook's or the engine's own refusal, which already says what it means.
  if (state === undefined) throw error;
  if (state === UNIQUE_VIOLATION) {
    const field = uniqueIndexFields(definition).get(violatedConstraint(error) ?? '');
    if (field) throw validationError({ [field]: [issueMessage({ code: 'unique' }, language)] });
  }
  if (state === FOREIGN_KEY_VIOLATION) throw new ApiError(409, STILL_REFERENCED_MESSAGE);
  if (state?.startsWith(DATA_EXCEPTION_CLASS))
    throw validationError({ body: [UNSTORABLE_MESSAGE] }, UNSTORABLE_MESSAGE);
  const message = error instanceof Error ? error.message : String(error);
  throw new Error(`${definition.id}: database error ${state}: ${message}`);
}

/** Runs `work`, translating its database errors. */
export async function translated<T>(
  definition: ResourceDefinition,
  language: Language,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    translateDatabaseError(error, definition, language);
  }
}
