/**
 * The database cannot be opened: a data directory that is locked, missing pieces or damaged, or a
 * PostgreSQL server that cannot be reached. Start-up prints its message as one line and exits with 1,
 * so the message names the place (directory or host, never a password) and what is wrong with it.
 */
export class DatabaseOpenError extends Error {}
