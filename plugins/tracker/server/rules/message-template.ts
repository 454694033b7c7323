/**
 * A message with its `{name}` placeholders filled. The English template is also the key of its
 * Russian in messages-ru.ts, which carries the same values across.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
