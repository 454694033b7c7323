import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@host/server/config';
import { AVAILABLE_SERVER_PLUGINS } from '@host/server/plugins';
import { startServer } from '@host/server/start-server';
import { FINANCE_RESOURCES } from '@plugins/finance/shared/finance-resources';
import { DB_TIMEOUT } from '../../support/server/test-database';

const PROJECT_DEFAULTS = fileURLToPath(new URL('../../../host/erp.config.json', import.meta.url));
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'erp-demo-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const FINANCE_TABLES = [...FINANCE_RESOURCES.map((definition) => definition.table), 'finance.google_tables'];

describe('demo data at start-up (ERP_DEMO=1)', () => {
  it(
    'fills every finance table of an enabled finance plugin once, and a restart adds nothing',
    async () => {
      const config = loadConfig(PROJECT_DEFAULTS, {
        ERP_DATA_DIR: join(root, 'data'),
        PORT: '0',
        HOST: '127.0.0.1',
        ERP_PLUGINS: 'admin,finance',
      });
      const counts = async (): Promise<Record<string, number>> => {
        const announced: string[] = [];
        const server = await startServer({
          config,
          available: AVAILABLE_SERVER_PLUGINS,
          webRoot: null,
          logger: false,
          announce: (line) => announced.push(line),
          demo: true,
        });
        try {
          expect(announced.at(-1)).toBe('Demo data: admin, finance (an area that already has records is left alone).');
          const result: Record<string, number> = {};
          for (const table of FINANCE_TABLES) {
            const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
            result[table] = rows[0]?.n ?? 0;
          }
          return result;
        } finally {
          await server.stop();
        }
      };
      const first = await counts();
      for (const table of FINANCE_TABLES) expect(first[table], table).toBeGreaterThan(0);
      expect(await counts()).toEqual(first);
    },
    DB_TIMEOUT * 2,
  );
});
