import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SHARED_POSTGRES_PREFIX } from '@core/sdk/testing/shared-template-names';

/** Drops the PostgreSQL templates the run's files built (test-database.ts names them by what they hold). */
async function dropSharedPostgresTemplates(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [SHARED_POSTGRES_PREFIX],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname}`);
  } finally {
    await client.end();
  }
}

/**
 * One folder per test run where the server tests' database templates are kept once built
 * (@core/sdk/testing's freshDatabase), so 200 files do not each build the same one; on PostgreSQL
 * the templates are databases of the run instead. Both are removed after the run.
 */
export default async function sharedTemplates(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'erp-test-templates-'));
  process.env.ERP_TEST_TEMPLATE_DIR = folder;
  return async () => {
    await rm(folder, { recursive: true, force: true });
    const postgres = process.env.TEST_DATABASE_URL;
    if (postgres) await dropSharedPostgresTemplates(postgres);
  };
}
