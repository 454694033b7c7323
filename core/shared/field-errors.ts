/** Field name → messages, the Laravel validation shape the browser expects. */
export type FieldErrors = Record<string, string[]>;

/**
 * Adds a message under `field`. Field names often come from the caller (a query parameter, a body
 * key), so a name like `toString` or `__proto__` must land as a field of its own, never reach what
 * every object inherits.
 */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const messages = Object.hasOwn(errors, field) ? errors[field] : undefined;
  if (messages) messages.push(message);
  else Object.defineProperty(errors, field, { value: [message], enumerable: true, writable: true, configurable: true });
}
