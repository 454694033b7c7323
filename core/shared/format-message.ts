/** A `{name}` placeholder in a message template. */
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * `template` with each `{name}` replaced by `values[name]`; a placeholder with no value stays as
 * written, so a missing value shows in the text rather than vanishing. The English template is
 * also the key of its translation (RussianMessages), which holds the same placeholders.
 */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
