/**
 * The database cannot be opened: a data directory that is locked, missing pieces or damaged, or a
 * PostgreSQL server that cannot be reached. Start-up prints its message as one line and exits with 1,
 * so the message names the place (directory or host, never a password) and what is wrong with it.
 */
export class DatabaseOpenError extends Error {}

/**
 * SQLSTATE classes of damaged storage: XX (data or index corrupted) and 58 (a file missing, an I/O
 * error). A statement failing so while the server starts is a damaged database, not a bug to trace.
 */
export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(XX|58)[0-9A-Z]{3}$/.test(code);
}
