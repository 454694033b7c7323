import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_AHEAD_ROWS } from '@core/server/resource/records';
import type { ListPage } from '@core/shared/envelopes';
import type { ResourceRecord } from '@core/shared/resource/definition';
import { DB_TIMEOUT } from '../../../support/server/test-database';
import { EVERY_CODE, filter, labClient, openLab, type Lab, type LabClient } from './support-resource';

// A long list: its total is counted only so far past the page asked for, then given as a lower bound.

const ROWS = COUNT_AHEAD_ROWS + 250;
let lab: Lab;
let api: LabClient;

beforeAll(async () => {
  lab = await openLab();
  api = labClient(lab.app, EVERY_CODE);
  // Straight into the table: ten thousand records through the API would only slow the test down.
  await lab.db.query(
    `INSERT INTO lab.items (title, quantity) SELECT 'item ' || n, n % 7 FROM generate_series(1, $1::int) AS n`,
    [ROWS],
  );
}, DB_TIMEOUT * 2);

afterAll(async () => {
  await lab.close();
});

async function list(query: string): Promise<ListPage<ResourceRecord>> {
  const response = await api.send('GET', `/items?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ListPage<ResourceRecord> }>().data;
}

describe('the total of a long list', () => {
  it('is exact while the matches end within the bound', async () => {
    const page = await list(`per_page=50&${filter('quantity', 'eq', '3')}`);
    const expected = Math.floor((ROWS - 3) / 7) + 1;
    expect(expected).toBeLessThan(COUNT_AHEAD_ROWS);
    expect(page).toMatchObject({ total: expected, total_exact: true, last_page: Math.ceil(expected / 50) });
  });

  it('is a lower bound past it, with pages enough to go on, and the page itself is right', async () => {
    const first = await list('per_page=50&sort=quantity');
    expect(first).toMatchObject({
      current_page: 1,
      total: COUNT_AHEAD_ROWS,
      total_exact: false,
      last_page: COUNT_AHEAD_ROWS / 50,
    });
    expect(first.data).toHaveLength(50);
    // Deeper pages count from where they start: the next pages are still known to exist.
    const deep = await list('per_page=50&sort=quantity&page=150');
    expect(deep).toMatchObject({ current_page: 150, total: ROWS, total_exact: true, last_page: Math.ceil(ROWS / 50) });
    expect(deep.data).toHaveLength(50);
  });
});
