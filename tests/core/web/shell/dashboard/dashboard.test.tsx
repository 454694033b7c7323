import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { ContainerModule } from 'inversify';
import type { DashboardLayout } from '@core/shared/preferences';
import { DashboardWidgetToken, type DashboardWidgetContribution } from '@core/web/kernel/contributions';
import { MainDashboard } from '@core/web/shell/MainDashboard';
import { arrangeWidgets, layoutOf, moveWidget, setWidgetHidden } from '@core/web/shell/dashboard/layout-model';
import { click } from '../../../../support/web/dom';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../../support/web/fetch';
import { testPlugin } from '../../../../support/web/test-plugin';
import {
  cleanupTestKernels,
  createTestKernel,
  renderInKernel,
  testUser,
  waitInAct,
} from '../../../../support/web/test-kernel';

beforeEach(() => {
  // Browsers mark a cancelled animation's `finished` as handled; happy-dom does not, so the dialog's
  // closing motion would raise unhandled rejections.
  const cancel = Animation.prototype.cancel;
  vi.spyOn(Animation.prototype, 'cancel').mockImplementation(function (this: Animation) {
    this.finished.catch(() => undefined);
    cancel.call(this);
  });
});

afterEach(async () => {
  await cleanupTestKernels();
  vi.restoreAllMocks();
});

describe('the dashboard layout model', () => {
  const available = ['balances', 'month', 'sites'];

  it('is the contributions’ order with nothing hidden when the user saved none (and after a reset)', () => {
    expect(arrangeWidgets(available, null)).toEqual([
      { id: 'balances', hidden: false },
      { id: 'month', hidden: false },
      { id: 'sites', hidden: false },
    ]);
  });

  it('follows the saved order and hiding, drops ids no longer available and appends new widgets, shown', () => {
    const saved: DashboardLayout = { order: ['sites', 'gone', 'balances'], hidden: ['balances', 'gone'] };
    expect(arrangeWidgets(available, saved)).toEqual([
      { id: 'sites', hidden: false },
      { id: 'balances', hidden: true },
      { id: 'month', hidden: false },
    ]);
    expect(layoutOf(arrangeWidgets(available, saved))).toEqual({
      order: ['sites', 'balances', 'month'],
      hidden: ['balances'],
    });
  });

  it('moves a widget one place, never past either end, and hides or shows it', () => {
    const widgets = arrangeWidgets(available, null);
    expect(layoutOf(moveWidget(widgets, 'sites', -1)).order).toEqual(['balances', 'sites', 'month']);
    expect(layoutOf(moveWidget(widgets, 'balances', 1)).order).toEqual(['month', 'balances', 'sites']);
    expect(moveWidget(widgets, 'balances', -1)).toEqual(widgets);
    expect(moveWidget(widgets, 'sites', 1)).toEqual(widgets);
    expect(layoutOf(setWidgetHidden(widgets, 'month', true)).hidden).toEqual(['month']);
    expect(layoutOf(setWidgetHidden(setWidgetHidden(widgets, 'month', true), 'month', false)).hidden).toEqual([]);
  });
});

function Balances() {
  return createElement('p', null, 'balances widget');
}
function Month() {
  return createElement('p', null, 'month widget');
}
function Broken(): never {
  throw new Error('the widget broke');
}

const widget = (
  id: string,
  component: DashboardWidgetContribution['component'],
  order: number,
): DashboardWidgetContribution => ({ id, component, order, titleKey: `money:${id}` });

/** A plugin with three widgets, one of which (`broken`) throws when it renders if asked to. */
function moneyPlugin(options: { broken?: boolean } = {}) {
  return testPlugin({
    id: 'money',
    slots: { dashboard: 'FW' },
    bundles: { en: { title: 'Money', balances: 'Balances', month: 'This month', broken: 'Broken' } },
    module: new ContainerModule(({ bind }) => {
      bind(DashboardWidgetToken).toConstantValue(widget('balances', Balances, 1));
      bind(DashboardWidgetToken).toConstantValue(widget('month', Month, 2));
      if (options.broken) bind(DashboardWidgetToken).toConstantValue(widget('broken', Broken, 3));
    }),
  });
}

/** The server's `dashboard` preference, starting at `saved`; returns the requests made to it. */
function preferenceServer(saved: DashboardLayout | null): SeenRequest[] {
  let value = saved;
  return stubFetch((request) => {
    if (!request.url.endsWith('/auth/preferences/dashboard')) return jsonResponse(404, { message: 'Not found' });
    if (request.method === 'PUT') value = (request.body as { value: DashboardLayout }).value;
    if (request.method === 'DELETE') value = null;
    return jsonResponse(200, { data: { key: 'dashboard', value } });
  });
}

async function openDashboard(plugin = moneyPlugin()) {
  const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['FW']) });
  await renderInKernel(kernel, createElement(MainDashboard), { path: '/dashboard/main' });
}

const shownWidgets = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="dashboard-grid"] > [data-widget-id]')].map(
    (cell) => cell.dataset.widgetId,
  );

describe('the dashboard', () => {
  it('shows the widgets first, in the user’s saved order, without the hidden ones', async () => {
    preferenceServer({ order: ['month', 'balances'], hidden: ['balances'] });
    await openDashboard();
    await waitInAct(() => expect(shownWidgets()).toEqual(['month']));
    expect(document.body.textContent).toContain('month widget');
    expect(document.body.textContent).not.toContain('balances widget');
  });

  it('keeps a widget that throws inside its own cell, naming its plugin, with the rest of the dashboard working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    preferenceServer(null);
    await openDashboard(moneyPlugin({ broken: true }));
    await waitInAct(() => expect(shownWidgets()).toEqual(['balances', 'month', 'broken']));
    const broken = document.querySelector('[data-widget-id="broken"]');
    expect(broken?.querySelector('[data-slot-item-failed]')?.textContent).toContain(
      'The Money module failed to show this part.',
    );
    expect(document.body.textContent).toContain('balances widget');
    expect(document.body.textContent).toContain('month widget');
  });

  it('says so when the user hid every widget, and when there are none for them', async () => {
    preferenceServer({ order: [], hidden: ['balances', 'month'] });
    await openDashboard();
    await waitInAct(() =>
      expect(document.body.textContent).toContain(
        'You have hidden every widget. Choose "Customize" to show them again.',
      ),
    );
    await cleanupTestKernels();

    preferenceServer(null);
    const kernel = await createTestKernel({ plugins: [], user: testUser(['FW']) });
    await renderInKernel(kernel, createElement(MainDashboard), { path: '/dashboard/main' });
    await waitInAct(() => expect(document.body.textContent).toContain('There are no widgets for your account yet.'));
  });

  it('hides, moves and resets widgets from "Customize", saving each change on the server', async () => {
    const requests = preferenceServer(null);
    await openDashboard();
    await waitInAct(() => expect(shownWidgets()).toEqual(['balances', 'month']));
    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Customize')!);
    const byLabel = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;
    await waitInAct(() => expect(byLabel('Show Balances')).not.toBeNull());

    await click(byLabel('Show Balances'));
    await waitInAct(() => expect(shownWidgets()).toEqual(['month']));
    await click(byLabel('Move This month up'));
    await waitInAct(() =>
      expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
        { value: { order: ['balances', 'month'], hidden: ['balances'] } },
        { value: { order: ['month', 'balances'], hidden: ['balances'] } },
      ]),
    );
    // The topmost widget's "up" stays focusable but does nothing.
    expect(byLabel('Move This month up').getAttribute('aria-disabled')).toBe('true');

    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Reset')!);
    await waitInAct(() => expect(shownWidgets()).toEqual(['balances', 'month']));
    await waitInAct(() => expect(requests.at(-1)?.method).toBe('DELETE'));
  });
});
