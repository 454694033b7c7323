/*
 * Pieces for assembling SQL from constant fragments and bound values. Every value becomes a
 * numbered parameter; only identifiers written in code are spliced in, and those are quoted.
 */

/** Values bound to numbered placeholders while a statement is assembled, so no value ever becomes SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `text` as a LIKE pattern that matches it literally: `%`, `_` and `\` in it are data, not wildcards. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A search pattern matching `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** `columns` containing the bound pattern `placeholder`, case-insensitively. */
export function containsCondition(columns: readonly string[], placeholder: string): string {
  return `(${columns.map((column) => `${column} ILIKE ${placeholder} ESCAPE '\\'`).join(' OR ')})`;
}

export function whereClause(conditions: readonly string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A quoted identifier. Callers pass names from code (definitions), which are already checked;
 * the check here is a second lock on the same door, because a bad name would be SQL injection.
 */
export function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name) || name.length > 63) throw new Error(`"${name}" is not a safe SQL identifier`);
  return `"${name}"`;
}

/** `schema.table` quoted part by part. */
export function quoteTable(qualified: string): string {
  const parts = qualified.split('.');
  if (parts.length !== 2) throw new Error(`"${qualified}" is not schema.table`);
  return parts.map(quoteIdentifier).join('.');
}

/** A string constant from code as an SQL literal (for DDL, where parameters are not allowed). */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

interface PostgresError {
  readonly code?: unknown;
  readonly constraint?: unknown;
}

/** The SQLSTATE of a PostgreSQL error (both drivers set `code`), else undefined. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as PostgresError;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint or index a PostgreSQL error names, else undefined. */
export function violatedConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { constraint } = error as PostgresError;
  return typeof constraint === 'string' ? constraint : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Class 22: a value PostgreSQL could not take (a date that does not exist, a number out of range). */
export const DATA_EXCEPTION_CLASS = '22';
