import type { Database } from './database';
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

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.databaseUrl) return PostgresDatabase.open(location.databaseUrl);
  return PgliteDatabase.open(location.dataDir);
}
