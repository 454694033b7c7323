// The server copies of the cluster: the built server, each on its own loopback port, all on one
// PostgreSQL with one signing secret, each naming itself in x-served-by (ERP_INSTANCE_NAME).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startBuiltServer } from '../lib/built-server.mjs';
import { freePort } from '../lib/postgres.mjs';

export const SERVED_BY = 'x-served-by';
export const ALL_PLUGINS = 'admin,finance,tracker,shop,messenger,social,system';
export const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-password-1' };

/**
 * Starts `count` copies at once (so the migrations, catalogue and superadmin seeding race as they
 * would in a rolling start), their data directories under `dir`, and resolves when all listen: `[{ name, port, url, child, exited, output }]`.
 */
export async function startCopies({ count, databaseUrl, dir, env = {} }) {
  const secret = randomBytes(32).toString('hex');
  const copies = [];
  for (let index = 1; index <= count; index += 1) {
    const name = `copy-${index}`;
    const port = await freePort();
    // Unused on PostgreSQL, but each copy names its own, as separate hosts would.
    const dataDir = join(dir, name);
    mkdirSync(dataDir);
    const server = startBuiltServer({
      dataDir,
      admin: ADMIN,
      plugins: ALL_PLUGINS,
      env: { PORT: String(port), DATABASE_URL: databaseUrl, ERP_JWT_SECRET: secret, ERP_INSTANCE_NAME: name, ...env },
    });
    copies.push({ name, port, ...server });
  }
  const urls = await Promise.allSettled(copies.map((copy) => copy.url));
  const failed = urls.findIndex((result) => result.status === 'rejected');
  if (failed >= 0) {
    stopCopies(copies);
    throw new Error(`${copies[failed].name} did not start: ${urls[failed].reason.message}`);
  }
  return copies.map((copy, index) => ({ ...copy, url: urls[index].value }));
}

/** Kills every copy still running (the test's end or failure: no drain wanted). */
export function stopCopies(copies) {
  for (const copy of copies)
    if (copy.child.exitCode === null && copy.child.signalCode === null) copy.child.kill('SIGKILL');
}
