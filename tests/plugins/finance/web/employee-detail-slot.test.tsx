/**
 * `finance.employeeDetail`, the slot finance offers on an employee's detail: another plugin fills it
 * by its manifest and a binding, and its section shows, with the employee's props, to a user holding
 * the filler's code; a user without it does not even download the filler's code.
 */
import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { ContainerModule } from 'inversify';
import type { PluginManifest } from '@core/sdk/shared';
import { slotToken } from '@core/sdk/web';
import { createTestKernel, renderAppInKernel, testUser, waitInAct, webPlugin } from '@core/sdk/testing-web';
import { financeManifest } from '@plugins/finance/manifest';
import { EMPLOYEE_DETAIL_SLOT, type EmployeeDetailSlotProps } from '@plugins/finance/shared/employee-detail-slot';
import { finance, FakeFinanceServer, setupFinanceTests } from './finance-server';

setupFinanceTests();

const ANN = {
  id: 7,
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  full_name: 'Ann Smith',
  fired_date: null,
  user_id: 42,
  manager_id: null,
  base_salary: null,
  _labels: {},
};
const page = (rows: readonly object[]) => ({
  data: { data: rows, current_page: 1, last_page: 1, per_page: 20, total: rows.length },
});

/** A plugin of another team: its section names the employee and the account finance passes it. */
function VacationBalance({ employeeId, fullName, userId, fired }: EmployeeDetailSlotProps) {
  return createElement(
    'section',
    { 'aria-label': 'Vacation balance' },
    `${fullName} (#${employeeId}, user ${userId ?? 'none'}${fired ? ', left' : ''}): 12 days left`,
  );
}

const vacationsManifest: PluginManifest = {
  id: 'vacations',
  version: '1.0.0',
  sdk: '^2.0.0',
  titleKey: 'vacations:title',
  service: 'vacations',
  dependencies: [],
  optionalDependencies: ['finance'],
  namespaces: ['vacations'],
  pages: [],
  permissions: [{ code: 'VA', area: 'main', description: { en: 'Vacations', ru: 'Отпуска' } }],
  slots: { [EMPLOYEE_DETAIL_SLOT]: 'VA' },
};
const vacations = webPlugin(vacationsManifest, {
  translations: {
    en: async () => ({ default: { title: 'Vacations' } }),
    ru: async () => ({ default: { title: 'Отпуска' } }),
  },
  load: vi.fn(async () => ({
    default: new ContainerModule(({ bind }) => {
      bind(slotToken<EmployeeDetailSlotProps>(EMPLOYEE_DETAIL_SLOT)).toConstantValue({
        id: 'vacations.balance',
        component: VacationBalance,
      });
    }),
  })),
});

function employeesServer(): FakeFinanceServer {
  return new FakeFinanceServer()
    .on('GET', 'employees', page([ANN]))
    .on('GET', 'employees/7/subordinates', { data: [] })
    .on('GET', 'employees/7', { data: ANN })
    .on('GET', 'salary-history', page([]));
}

async function openPanel(codes: readonly string[]): Promise<void> {
  employeesServer();
  const kernel = await createTestKernel({ plugins: [finance, vacations], user: testUser(codes), token: 'token-1' });
  await renderAppInKernel(kernel, { path: '/employees?employee=7' });
  await waitInAct(() =>
    expect(document.querySelector('section[aria-label="Salary history"]')?.textContent).toContain(
      'No salary history yet.',
    ),
  );
}

const balance = () => document.querySelector('section[aria-label="Vacation balance"]');
// The first render of the file fetches finance's lazy screens, seconds on a busy machine.
const RENDER = { timeout: 15_000 };

describe('finance.employeeDetail', () => {
  it('is offered with a description, the code its fillers need and its props type', () => {
    const offered = financeManifest.offersSlots?.find(
      (slot) => typeof slot !== 'string' && slot.id === EMPLOYEE_DETAIL_SLOT,
    );
    expect(offered).toMatchObject({
      requires: 'FJ',
      props: 'EmployeeDetailSlotProps',
      description: { en: expect.any(String), ru: expect.any(String) },
    });
  });

  it("shows another plugin's section in the employee panel, with the employee's props", RENDER, async () => {
    await openPanel(['FJ', 'VA']);
    await waitInAct(() => expect(balance()?.textContent).toBe('Ann Smith (#7, user 42): 12 days left'));
  });

  it(
    "shows nothing of it to a user without the filler's code, who does not even download the filler",
    RENDER,
    async () => {
      vi.mocked(vacations.load).mockClear();
      await openPanel(['FJ']);
      expect(balance()).toBeNull();
      expect(vacations.load).not.toHaveBeenCalled();
    },
  );
});
