import type { FieldErrors } from '@core/shared/field-errors';

export type { FieldErrors } from '@core/shared/field-errors';

/** An error that reaches the caller as `{ message, errors? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function validationError(errors: FieldErrors, message?: string): ApiError {
  const first = Object.values(errors)[0]?.[0];
  return new ApiError(422, message ?? first ?? 'The given data was invalid.', errors);
}

export const unauthenticated = (): ApiError => new ApiError(401, 'Unauthenticated.');
export const forbidden = (): ApiError => new ApiError(403, 'This action is unauthorized.');
export const notFound = (what = 'Record'): ApiError => new ApiError(404, `${what} not found.`);
/** A request refused by the record's state (a rule, a race lost, a stale version), saying why. */
export const conflict = (message: string): ApiError => new ApiError(409, message);
