import { describe, expect, it } from 'vitest';
import { act } from 'react';
import {
  buttonByText,
  click,
  jsonResponse,
  query,
  recordToasts,
  renderAppInKernel,
  type RenderedView,
  type SeenRequest,
  submit,
  typeInto,
  waitInAct,
} from '@core/sdk/testing-web';
import { FakeFinanceServer, financeKernel, setupFinanceTests } from './finance-server';

setupFinanceTests();

const meta = (id: number, version = 1) => ({
  id,
  version,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const page = (rows: readonly object[]) => ({
  data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length },
});

const employee = (id: number, name: string, extra: object = {}) => ({
  ...meta(id),
  full_name: name,
  hired_date: '2025-01-10',
  fired_date: null,
  work_type: 'full_time',
  position_id: null,
  division_id: null,
  manager_id: null,
  tg_login: null,
  base_salary: { amount: '1000', currency: 'USD' },
  _labels: {},
  ...extra,
});

const ANN = employee(7, 'Ann Smith', { manager_id: 2, _labels: { manager_id: 'Boss Person' } });
const BOB = employee(8, 'Bob Stone', { manager_id: 7, fired_date: '2026-01-31' });
const SALARY = {
  ...meta(31, 2),
  employee_id: 7,
  date_start: '2026-01-01',
  date_end: null,
  salary: { amount: '1500.00', currency: 'USD' },
  _labels: { employee_id: 'Ann Smith' },
};

/** A Fluent tab's label (it also renders the text again, hidden, to reserve its bold width). */
const tabLabel = (tab: Element) => tab.querySelector('.fui-Tab__content')?.textContent;
const status = (request: SeenRequest) => new URL(request.url).searchParams.get('status');
const param = (request: SeenRequest, name: string) => new URL(request.url).searchParams.get(name);

function employeesServer(): FakeFinanceServer {
  return new FakeFinanceServer()
    .on('GET', 'employees', (request) => jsonResponse(200, page(status(request) === 'fired' ? [BOB] : [ANN])))
    .on('GET', 'employees/7/subordinates', {
      data: [{ id: 8, full_name: 'Bob Stone', manager_id: 7, level: 1, fired_date: '2026-01-31' }],
    })
    .on('GET', 'employees/7', { data: ANN })
    .on('GET', 'salary-history', page([SALARY]))
    .on('GET', 'employees/7/salary', {
      data: {
        employee_id: 7,
        from: '2026-03-01',
        to: '2026-03-15',
        rule: 'Pro rata by calendar days.',
        totals: [{ currency: 'USD', amount: '725.81' }],
        months: [
          {
            month: '2026-03',
            currency: 'USD',
            monthly_salary: '1500',
            days: 15,
            days_in_month: 31,
            amount: '725.80645161',
          },
        ],
      },
    });
}

async function openEmployees(server: FakeFinanceServer, path = '/employees') {
  const kernel = await financeKernel(['FJ']);
  const toasts = recordToasts(kernel);
  const view = await renderAppInKernel(kernel, { path });
  await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id]').length).toBeGreaterThan(0));
  return { view, toasts, server };
}

const drawer = (): HTMLElement =>
  query(document, '.fui-OverlayDrawer, [role="dialog"].fui-DrawerSurface, .fui-DrawerBody');
const section = (name: string): HTMLElement => query(document, `section[aria-label="${name}"]`);

async function openDetails(view: RenderedView, name: string): Promise<void> {
  const link = [...view.element.querySelectorAll<HTMLButtonElement>('tbody button')].find(
    (button) => button.textContent === name,
  );
  if (!link) throw new Error(`no name link ${name}`);
  await click(link);
  await waitInAct(() => expect(document.querySelector('section[aria-label="Salary history"] table')).not.toBeNull());
}

describe('Employees page', () => {
  it('lists active employees first and switches to fired and all with the status parameter', async () => {
    const server = employeesServer();
    const { view } = await openEmployees(server);
    expect(server.requests('GET', 'employees').map(status)).toEqual(['active']);
    expect(view.element.textContent).toContain('Ann Smith');
    const fired = [...view.element.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
      (tab) => tabLabel(tab) === 'Fired',
    );
    if (!fired) throw new Error('no Fired tab');
    await click(fired);
    await waitInAct(() => expect(view.element.querySelector('tbody')?.textContent).toContain('Bob Stone'));
    expect(server.requests('GET', 'employees').map(status)).toEqual(['active', 'fired']);
    expect([...view.element.querySelectorAll('[role="tab"]')].map(tabLabel)).toEqual(['Active', 'Fired', 'All']);
  });

  it('opens the detail panel from a name: manager, subordinates (fired ones too) and salary history', async () => {
    const server = employeesServer();
    const { view } = await openEmployees(server);
    await openDetails(view, 'Ann Smith');
    expect(section('Details').textContent).toContain('Boss Person');
    await waitInAct(() => expect(section('Subordinates').textContent).toContain('Bob Stone'));
    expect(section('Subordinates').textContent).toContain('Fired');
    expect(param(server.requests('GET', 'employees/7/subordinates')[0] as SeenRequest, 'direct')).toBe('true');
    expect(param(server.requests('GET', 'salary-history')[0] as SeenRequest, 'filter[employee_id][eq]')).toBe('7');
    const rows = [...section('Salary history').querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([['01/01/26', 'until now', '$1,500.00']]);
  });

  it('opens the panel for ?employee=<id>', async () => {
    const server = employeesServer();
    await openEmployees(server, '/employees?employee=7');
    await waitInAct(() => expect(document.querySelector('section[aria-label="Salary history"] table')).not.toBeNull());
    expect(drawer().textContent).toContain('Ann Smith');
  });

  it('adds, edits and deletes salary rows', async () => {
    const server = employeesServer()
      .on('POST', 'salary-history', () => jsonResponse(201, { data: { ...SALARY, ...meta(32) } }))
      .on('PATCH', 'salary-history/31', { data: { ...SALARY, version: 3 } })
      .on('DELETE', 'salary-history/31', { message: 'Successfully deleted' });
    const { view, toasts } = await openEmployees(server);
    await openDetails(view, 'Ann Smith');

    await click(buttonByText(section('Salary history'), 'Add salary'));
    let form = query(document, '.fui-DialogSurface');
    await typeInto(query<HTMLInputElement>(form, 'input[name="date_start"]'), '2026-04-01');
    await typeInto(query<HTMLInputElement>(form, 'input[name="salary"]'), '1750.50');
    await act(async () => {
      const currency = query<HTMLSelectElement>(form, 'select[name="currency"]');
      currency.value = 'EUR';
      currency.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await submit(query<HTMLFormElement>(form, 'form'));
    await waitInAct(() => expect(server.requests('POST', 'salary-history')).toHaveLength(1));
    expect(server.requests('POST', 'salary-history')[0]?.body).toEqual({
      employee_id: 7,
      date_start: '2026-04-01',
      date_end: null,
      salary: { amount: '1750.50', currency: 'EUR' },
    });
    await waitInAct(() => expect(toasts.map((toast) => toast.message)).toEqual(['New record successfully created']));

    await click(query(section('Salary history'), 'button[aria-label="Edit the salary from 01/01/26"]'));
    form = query(document, '.fui-DialogSurface');
    expect(query<HTMLInputElement>(form, 'input[name="salary"]').value).toBe('1,500.00');
    await typeInto(query<HTMLInputElement>(form, 'input[name="date_end"]'), '2026-03-31');
    await submit(query<HTMLFormElement>(form, 'form'));
    await waitInAct(() => expect(server.requests('PATCH', 'salary-history/31')).toHaveLength(1));
    expect(server.requests('PATCH', 'salary-history/31')[0]?.body).toMatchObject({
      date_start: '2026-01-01',
      date_end: '2026-03-31',
      version: 2,
    });

    await click(query(section('Salary history'), 'button[aria-label="Delete the salary from 01/01/26"]'));
    const confirm = query(document, '[role="alertdialog"]');
    expect(confirm.textContent).toContain('Delete this salary record?');
    await click(buttonByText(confirm, 'Delete'));
    await waitInAct(() => expect(server.requests('DELETE', 'salary-history/31')).toHaveLength(1));
  });

  it('shows a refused salary row on its field', async () => {
    const server = employeesServer().on('POST', 'salary-history', () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { date_start: ['This period overlaps the salary from 2026-01-01 to open end.'] },
      }),
    );
    const { view } = await openEmployees(server);
    await openDetails(view, 'Ann Smith');
    await click(buttonByText(section('Salary history'), 'Add salary'));
    const form = query(document, '.fui-DialogSurface');
    await typeInto(query<HTMLInputElement>(form, 'input[name="date_start"]'), '2026-02-01');
    await typeInto(query<HTMLInputElement>(form, 'input[name="salary"]'), '10');
    await submit(query<HTMLFormElement>(form, 'form'));
    await waitInAct(() =>
      expect(form.textContent).toContain('This period overlaps the salary from 2026-01-01 to open end.'),
    );
  });

  it('calculates the salary for a chosen period, exactly as the server sums it', async () => {
    const server = employeesServer();
    const { view } = await openEmployees(server);
    await openDetails(view, 'Ann Smith');
    const calc = section('Calculated salary');
    await typeInto(query<HTMLInputElement>(calc, 'input[name="salary_from"]'), '2026-03-01');
    await typeInto(query<HTMLInputElement>(calc, 'input[name="salary_to"]'), '2026-03-15');
    await click(buttonByText(calc, 'Calculate'));
    await waitInAct(() => expect(calc.querySelector('[data-testid="salary-total"]')?.textContent).toBe('$725.81'));
    const request = server.requests('GET', 'employees/7/salary')[0] as SeenRequest;
    expect([param(request, 'from'), param(request, 'to')]).toEqual(['2026-03-01', '2026-03-15']);
    expect(calc.textContent).toContain('15 of 31');
    expect(calc.textContent).toContain('March 2026');
    expect(calc.textContent).toContain('$725.80645161');
  });

  it("gives the server's reason when the salary history cannot be read, and Try again reads it again", async () => {
    let asked = 0;
    const server = employeesServer().on('GET', 'salary-history', () =>
      asked++ === 0 ? jsonResponse(500, { message: 'The ledger is locked.' }) : jsonResponse(200, page([SALARY])),
    );
    const { view } = await openEmployees(server);
    const link = [...view.element.querySelectorAll<HTMLButtonElement>('tbody button')].find(
      (button) => button.textContent === 'Ann Smith',
    );
    if (!link) throw new Error('no name link Ann Smith');
    await click(link);
    await waitInAct(() => expect(section('Salary history').textContent).toContain('The ledger is locked.'));
    await click(buttonByText(section('Salary history'), 'Try again'));
    await waitInAct(() => expect(section('Salary history').querySelectorAll('tbody tr')).toHaveLength(1));
    expect(server.requests('GET', 'salary-history')).toHaveLength(2);
  });
});
