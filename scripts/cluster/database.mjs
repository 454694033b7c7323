// The cluster's one database: a fresh database on TEST_DATABASE_URL's server when one is given
// (dropped afterwards), else a throw-away PostgreSQL cluster of its own.
import pg from 'pg';
import { startPostgres } from '../lib/postgres.mjs';

/** `{ url, stop() }` of an empty database the copies migrate. */
export async function clusterDatabase(runId) {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) {
    const cluster = await startPostgres();
    return { url: cluster.url, stop: async () => cluster.stop() };
  }
  const name = `erp_cluster_${runId}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const dropper = new pg.Client({ connectionString: shared });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
