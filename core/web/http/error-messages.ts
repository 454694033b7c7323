function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string, a list, or field → list/string, flattened in order; anything else carries no message. */
function flatten(errors: unknown): string[] {
  if (typeof errors === 'string') return errors.trim() === '' ? [] : [errors];
  if (Array.isArray(errors)) return errors.flatMap(flatten);
  if (isRecord(errors)) return Object.values(errors).flatMap(flatten);
  return [];
}

/**
 * The messages a failed response addresses to the user: its `errors` field, else its
 * `message`; empty when it has neither, so the caller can fall back to the generic text.
 */
export function serverMessages(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const errors = flatten(body.errors);
  if (errors.length > 0) return errors;
  return typeof body.message === 'string' && body.message.trim() !== '' ? [body.message] : [];
}

/** The `errors` object per field, each as a list, so forms can show them under their inputs. */
export function fieldErrors(body: unknown): Readonly<Record<string, readonly string[]>> {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  return Object.fromEntries(Object.entries(body.errors).map(([field, errors]) => [field, flatten(errors)]));
}
