import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, DB_TIMEOUT } from '@core/sdk/testing';
import { ALL_FINANCE, create, money, read, type Row } from './finance-fixtures';
import { financeApp, type FinanceTestApp } from './finance-support';

let t: FinanceTestApp;

beforeAll(async () => {
  t = await financeApp();
}, DB_TIMEOUT);
afterAll(async () => {
  await t.close();
});

const patch = (path: string, body: object) => t.call(ALL_FINANCE, 'PATCH', path, body);
const names = (rows: readonly Row[]) => rows.map((row) => row.full_name).sort();
const list = async (query = ''): Promise<Row[]> => {
  const response = await t.call(['FJ'], 'GET', `employees${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { data: Row[] } }>().data.data;
};

describe('employees', { timeout: DB_TIMEOUT }, () => {
  it('refuses a manager chain that would loop, with 422 on manager_id', async () => {
    const boss = await create(t, 'employees', { full_name: 'Boss' });
    const lead = await create(t, 'employees', { full_name: 'Lead', manager_id: boss.id });
    const dev = await create(t, 'employees', { full_name: 'Dev', manager_id: lead.id });
    const loop = await patch(`employees/${boss.id}`, { version: boss.version, manager_id: dev.id });
    expect(loop.statusCode).toBe(422);
    expect(Object.keys(loop.json<{ errors: object }>().errors)).toEqual(['manager_id']);
    const self = await patch(`employees/${lead.id}`, { version: lead.version, manager_id: lead.id });
    expect(self.statusCode).toBe(422);
    expect((await read(t, `employees/${boss.id}`)).manager_id).toBeNull();

    const all = await t.call(['FJ'], 'GET', `employees/${boss.id}/subordinates`);
    expect(
      all.json<{ data: { full_name: string; level: number }[] }>().data.map((row) => [row.full_name, row.level]),
    ).toEqual([
      ['Lead', 1],
      ['Dev', 2],
    ]);
    const direct = await t.call(['FJ'], 'GET', `employees/${boss.id}/subordinates?direct=true`);
    expect(direct.json<{ data: unknown[] }>().data).toHaveLength(1);
    expect((await t.call(['FJ'], 'GET', 'employees/999999/subordinates')).statusCode).toBe(404);
  });

  it('lists active employees by default, fired or all on request (fired from the firing date on)', async () => {
    await create(t, 'employees', { full_name: 'Gone', fired_date: '2020-01-31' });
    await create(t, 'employees', { full_name: 'Leaving', fired_date: '2999-12-31' });
    const active = names(await list());
    expect(active).toContain('Leaving');
    expect(active).not.toContain('Gone');
    expect(names(await list('?status=fired'))).toEqual(['Gone']);
    expect(names(await list('?status=all'))).toEqual(expect.arrayContaining(['Gone', 'Leaving', 'Boss']));
    expect((await t.call(['FJ'], 'GET', 'employees?status=retired')).statusCode).toBe(422);
  });

  it('refuses overlapping salary periods with 422 on date_start and computes the salary of a period', async () => {
    const person = await create(t, 'employees', { full_name: 'Salaried', base_salary: money('3100', 'USD') });
    await create(t, 'salary-history', {
      employee_id: person.id,
      date_start: '2026-01-01',
      date_end: '2026-02-14',
      salary: money('3100', 'USD'),
    });
    const open = await create(t, 'salary-history', {
      employee_id: person.id,
      date_start: '2026-02-15',
      salary: money('2800.50', 'EUR'),
    });
    const overlap = await t.call(ALL_FINANCE, 'POST', 'salary-history', {
      employee_id: person.id,
      date_start: '2026-02-01',
      date_end: '2026-02-20',
      salary: money('1', 'USD'),
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      date_start: ['This period overlaps the salary from 01/01/26 to 02/14/26.'],
    });
    const later = await t.call(ALL_FINANCE, 'POST', 'salary-history', {
      employee_id: person.id,
      date_start: '2027-01-01',
      salary: money('1', 'USD'),
    });
    expect(later.statusCode).toBe(422);
    const backwards = await patch(`salary-history/${open.id}`, { version: open.version, date_end: '2026-02-01' });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json<{ errors: object }>().errors)).toEqual(['date_end']);
    // Another employee's periods never clash.
    const other = await create(t, 'employees', { full_name: 'Other' });
    await create(t, 'salary-history', {
      employee_id: other.id,
      date_start: '2026-01-01',
      salary: money('1000', 'USD'),
    });

    const salary = await t.call(['FJ'], 'GET', `employees/${person.id}/salary?from=2026-01-17&to=2026-03-31`);
    expect(salary.statusCode, salary.body).toBe(200);
    expect(salary.json<{ data: { totals: unknown } }>().data.totals).toEqual([
      { currency: 'EUR', amount: '4200.75' },
      { currency: 'USD', amount: '3050' },
    ]);
    expect(
      (await t.call(['FJ'], 'GET', `employees/${person.id}/salary?from=2026-02-30&to=2026-03-01`)).statusCode,
    ).toBe(422);
    expect(
      (await t.call(['FJ'], 'GET', `employees/${person.id}/salary?from=2026-03-02&to=2026-03-01`)).statusCode,
    ).toBe(422);
    expect((await t.call(['FJ'], 'GET', `employees/${person.id}/salary`)).statusCode).toBe(422);
  });

  it('links a staff account once and finds the employee by user (FJ or JU)', async () => {
    const userId = await addUser(t.db, { username: 'linked', email: 'linked@example.com', password: 'Password-123' });
    const person = await create(t, 'employees', { full_name: 'Linked Person', user_id: userId });
    const found = await t.call(['JU'], 'GET', `employees/by-user/${userId}`);
    expect(found.statusCode).toBe(200);
    expect(found.json<{ data: Row }>().data).toMatchObject({
      id: person.id,
      user_id: userId,
      full_name: 'Linked Person',
    });
    const twice = await t.call(ALL_FINANCE, 'POST', 'employees', { full_name: 'Second', user_id: userId });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json<{ errors: object }>().errors)).toEqual(['user_id']);
    expect((await t.call(['FJ'], 'GET', 'employees/by-user/999999')).statusCode).toBe(404);
    expect((await t.call(['FT'], 'GET', `employees/by-user/${userId}`)).statusCode).toBe(403);
  });
});
