import type { Database } from './database';
import { DatabaseOpenError } from './database-open-error';
import { PgliteDatabase } from './pglite-database';
import { PostgresDatabase } from './postgres-database';

export interface DatabaseLocation {
  /** A `postgres://` or `postgresql://` URL switches to PostgreSQL. */
  readonly databaseUrl?: string | undefined;
  /** PGlite data directory, used when there is no URL. */
  readonly dataDir: string;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Where a PostgreSQL URL points, for messages: host, port and database, never the user's password. */
function postgresPlace(url: URL | null): string {
  return url === null ? 'the DATABASE_URL server' : `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** node-postgres' reason; a refused connection to a name with several addresses is an AggregateError without a message. */
function connectionProblem(error: unknown): string {
  const failure = error as Partial<NodeJS.ErrnoException> & { errors?: unknown[] };
  const first = failure.errors?.[0] as Partial<Error> | undefined;
  return failure.message || first?.message || failure.code || String(error);
}

async function openPostgres(url: string): Promise<Database> {
  try {
    return await PostgresDatabase.open(url);
  } catch (error) {
    const parsed = parsedUrl(url);
    const password = parsed === null ? '' : decodeURIComponent(parsed.password);
    const reason = password === '' ? connectionProblem(error) : connectionProblem(error).replaceAll(password, '***');
    throw new DatabaseOpenError(`cannot connect to PostgreSQL at ${postgresPlace(parsed)}: ${reason}`);
  }
}

/** The configured database in words, for start-up messages. */
export function databasePlace(location: DatabaseLocation): string {
  return location.databaseUrl
    ? `PostgreSQL at ${postgresPlace(parsedUrl(location.databaseUrl))}`
    : `the database in ${location.dataDir}`;
}

/** Opens the configured database; a place that cannot be opened is a DatabaseOpenError saying why. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl);
  return PgliteDatabase.open(location.dataDir);
}
