import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { UserDetailTabToken } from '@core/sdk/web';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  recordToasts,
  renderInKernel,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

const USER_ID = 42;
const EMPLOYEE = {
  id: 7,
  version: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  full_name: 'Ann Smith',
  hired_date: '2025-02-01',
  fired_date: null,
  work_type: 'full_time',
  position_id: 2,
  division_id: null,
  manager_id: null,
  user_id: null,
  base_salary: { amount: '2500.00', currency: 'USD' },
  _labels: { position_id: 'Accountant' },
};

async function openTab(server: FakeFinanceServer, codes: readonly string[] = ['FJ']) {
  const kernel = await financeKernel(codes);
  const toasts = recordToasts(kernel);
  await kernel.host.ensureLoaded('finance');
  const tab = kernel.container.getAll(UserDetailTabToken).find((candidate) => candidate.id === 'employee-tab');
  if (!tab) throw new Error('no employee-tab contribution');
  const view = await renderInKernel(kernel, createElement(tab.component, { userId: USER_ID }));
  return { tab, view, toasts, server };
}

describe('Employee tab of the user detail', () => {
  it('is contributed as employee-tab, for users holding FJ', async () => {
    const { tab } = await openTab(new FakeFinanceServer().on('GET', `employees/by-user/${USER_ID}`, { data: null }));
    expect(tab.requires).toBe('FJ');
    expect(tab.labelKey).toBe('finance:employeeTab.label');
  });

  it('links an employee picked from the list to the user', async () => {
    let linked = false;
    const server = new FakeFinanceServer()
      .on('GET', `employees/by-user/${USER_ID}`, () =>
        jsonResponse(
          linked ? 200 : 404,
          linked ? { data: { ...EMPLOYEE, user_id: USER_ID, version: 4 } } : { message: 'Not found.' },
        ),
      )
      .on('GET', 'employees', { data: { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 } })
      .on('GET', 'references/employees', (_request, url) =>
        jsonResponse(200, {
          data:
            url.searchParams.get('q') === 'ann'
              ? [{ id: 7, label: 'Ann Smith' }]
              : [
                  { id: 7, label: 'Ann Smith' },
                  { id: 8, label: 'Bob Stone' },
                ],
        }),
      )
      .on('GET', 'employees/7', { data: EMPLOYEE })
      .on('PATCH', 'employees/7', () => {
        linked = true;
        return jsonResponse(200, {
          data: { ...EMPLOYEE, user_id: USER_ID, version: 4 },
          message: 'Successfully updated',
        });
      });
    const { view, toasts } = await openTab(server);
    await waitInAct(() => expect(view.element.textContent).toContain('No employee is linked to this user.'));

    await typeInto(query<HTMLInputElement>(view.element, 'input[role="combobox"]'), 'ann');
    await waitInAct(() =>
      expect(
        server.requests('GET', 'references/employees').map((request) => new URL(request.url).searchParams.get('q')),
      ).toContain('ann'),
    );
    await waitInAct(() =>
      expect([...document.querySelectorAll('[role="option"]')].map((option) => option.textContent)).toEqual([
        'Ann Smith',
      ]),
    );
    await click(query(document, '[role="option"]'));
    await click(buttonByText(view.element, 'Link employee'));

    await waitInAct(() => expect(server.requests('PATCH', 'employees/7')).toHaveLength(1));
    expect(server.requests('PATCH', 'employees/7')[0]?.body).toEqual({ user_id: USER_ID, version: 3 });
    await waitInAct(() => expect(view.element.querySelector('h3')?.textContent).toBe('Ann Smith'));
    expect(view.element.textContent).toContain('Accountant');
    expect(view.element.textContent).toContain('$2,500.00');
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([
        ['success', 'Ann Smith is linked to this user'],
      ]),
    );
  });

  it('unlinks the employee after asking', async () => {
    let linked = true;
    const server = new FakeFinanceServer()
      .on('GET', `employees/by-user/${USER_ID}`, () =>
        jsonResponse(200, { data: linked ? { ...EMPLOYEE, user_id: USER_ID } : null }),
      )
      .on('GET', 'references/employees', { data: [] })
      .on('PATCH', 'employees/7', () => {
        linked = false;
        return jsonResponse(200, { data: { ...EMPLOYEE, version: 4 } });
      });
    const { view } = await openTab(server);
    await waitInAct(() => expect(view.element.querySelector('h3')?.textContent).toBe('Ann Smith'));
    await click(buttonByText(view.element, 'Unlink employee'));
    const dialog = query(document, '[role="alertdialog"]');
    expect(dialog.textContent).toContain('Unlink Ann Smith from this user?');
    await click(buttonByText(dialog, 'Unlink employee'));
    await waitInAct(() => expect(server.requests('PATCH', 'employees/7')).toHaveLength(1));
    expect(server.requests('PATCH', 'employees/7')[0]?.body).toEqual({ user_id: null, version: 3 });
    await waitInAct(() => expect(view.element.textContent).toContain('No employee is linked to this user.'));
  });

  it('reports the server message when the link is refused, instead of failing', async () => {
    const server = new FakeFinanceServer()
      .on('GET', `employees/by-user/${USER_ID}`, { data: null })
      .on('GET', 'references/employees', { data: [{ id: 7, label: 'Ann Smith' }] })
      .on('GET', 'employees/7', { data: EMPLOYEE })
      .on('PATCH', 'employees/7', () => jsonResponse(409, { message: 'This record was changed by someone else' }));
    const { view, toasts } = await openTab(server);
    await waitInAct(() => expect(view.element.textContent).toContain('No employee is linked to this user.'));
    await typeInto(query<HTMLInputElement>(view.element, 'input[role="combobox"]'), 'Ann');
    await waitInAct(() => expect(document.querySelector('[role="option"]')?.textContent).toBe('Ann Smith'));
    await click(query(document, '[role="option"]'));
    await click(buttonByText(view.element, 'Link employee'));
    await waitInAct(() =>
      expect(toasts.map((toast) => [toast.intent, toast.message])).toEqual([
        ['error', 'This record was changed by someone else'],
      ]),
    );
    expect(view.element.textContent).toContain('No employee is linked to this user.');
  });

  it('asks the employees list by user when there is no by-user call', async () => {
    const server = new FakeFinanceServer().on('GET', 'employees', (request) => {
      const url = new URL(request.url);
      const mine =
        url.searchParams.get('filter[user_id][eq]') === String(USER_ID) && url.searchParams.get('status') === 'all';
      return jsonResponse(200, {
        data: {
          data: mine ? [{ ...EMPLOYEE, user_id: USER_ID }] : [],
          current_page: 1,
          last_page: 1,
          per_page: 10,
          total: mine ? 1 : 0,
        },
      });
    });
    const { view } = await openTab(server);
    await waitInAct(() => expect(view.element.querySelector('h3')?.textContent).toBe('Ann Smith'));
    expect(server.calls()).toEqual([`GET employees/by-user/${USER_ID}`, 'GET employees']);
  });

  it('shows the link read-only to a user who cannot change employees', async () => {
    const server = new FakeFinanceServer().on('GET', `employees/by-user/${USER_ID}`, { data: null });
    const { view } = await openTab(server, ['JU']);
    await waitInAct(() => expect(view.element.textContent).toContain('No employee is linked to this user.'));
    expect(view.element.querySelector('input[role="combobox"]')).toBeNull();
  });
});
