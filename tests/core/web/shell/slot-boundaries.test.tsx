/**
 * Nothing a plugin draws can blank the app: every slot item draws inside its own boundary naming
 * its plugin, and a plugin page that throws says so (not "could not be loaded") with a toast.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { ContainerModule } from 'inversify';
import { DashboardWidgetToken, RouteContributionToken, TopBarItemToken } from '@core/web/kernel/contributions';
import type { ToastRequest } from '@core/web/services/toast-service';
import { buttonByText, click } from '../../../support/web/dom';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import { recordToasts, waitInAct } from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import { openShell } from './layout/shell-harness';

let broken = true;

function AwayToday() {
  if (broken) throw new Error('the widget broke');
  return createElement('p', null, 'away today widget');
}
function Balances() {
  return createElement('p', null, 'balances widget');
}
function TopBarBadge(): never {
  throw new Error('the top-bar item broke');
}
function CalendarPage(): never {
  throw new Error('the page broke');
}

/** A plugin ("Vacations") whose widget, top-bar item and page throw, beside another plugin's widget that works. */
function plugins() {
  const vacations = testPlugin({
    id: 'vacations',
    title: 'Vacations',
    bundles: { en: { title: 'Vacations' }, ru: { title: 'Отпуска' } },
    slots: { dashboard: 'JA', topBar: 'JA' },
    pages: [{ path: '/vacations/calendar', titleKey: 'vacations:title', requires: 'JA' }],
    module: new ContainerModule(({ bind }) => {
      bind(DashboardWidgetToken).toConstantValue({ id: 'vacations.away-today', component: AwayToday });
      bind(TopBarItemToken).toConstantValue({ id: 'vacations.badge', component: TopBarBadge });
      bind(RouteContributionToken).toConstantValue({ path: '/vacations/calendar', component: CalendarPage });
    }),
  });
  const money = testPlugin({
    id: 'money',
    slots: { dashboard: 'JA' },
    module: new ContainerModule(({ bind }) => {
      bind(DashboardWidgetToken).toConstantValue({ id: 'money.balances', component: Balances });
    }),
  });
  return [vacations, money];
}

beforeEach(() => {
  // The boundaries log what they caught; the dashboard asks for the user's saved layout (none).
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubFetch(() => jsonResponse(200, { data: { key: 'dashboard', value: null } }));
});

const notices = () => [...document.querySelectorAll<HTMLElement>('[data-slot-item-failed]')];

describe('a plugin that throws while drawing', () => {
  it('leaves a notice naming it where its widget and top-bar item were; the shell and the other widgets work on', async () => {
    broken = true;
    await openShell({ plugins: plugins(), codes: ['JA'] });
    await waitInAct(() => expect(document.body.textContent).toContain('balances widget'));
    await waitInAct(() => expect(notices()).toHaveLength(2));
    const [inTopBar, inGrid] = [
      document.querySelector('header [data-slot-item-failed]'),
      document.querySelector('[data-widget-id="vacations.away-today"] [data-slot-item-failed]'),
    ];
    expect(inTopBar?.textContent).toContain('The Vacations module failed to show this part.');
    expect(inGrid?.textContent).toContain('The Vacations module failed to show this part.');
    expect(document.querySelector('nav[aria-label="Main navigation"]')).not.toBeNull();
    expect(document.body.textContent).toContain('Hello, ann');

    // Once what broke it is gone, "Try again" draws the widget itself.
    broken = false;
    await click(
      buttonByText(
        document.querySelector<HTMLElement>('[data-widget-id="vacations.away-today"]') ?? document.body,
        'Try again',
      ),
    );
    await waitInAct(() => expect(document.body.textContent).toContain('away today widget'));
  });

  it('says its page failed while showing, not that it could not be loaded, and a toast names it', async () => {
    let toasts: ToastRequest[] = [];
    await openShell({
      plugins: plugins(),
      codes: ['JA'],
      path: '/vacations/calendar',
      prepare: (kernel) => (toasts = recordToasts(kernel)),
    });
    await waitInAct(() =>
      expect(document.querySelector('main')?.textContent).toContain(
        'The Vacations module loaded, but its page failed while showing.',
      ),
    );
    expect(document.body.textContent).not.toContain('could not be loaded');
    await waitInAct(() =>
      expect(toasts.map((toast) => toast.message)).toContain('The Vacations module failed while showing its page.'),
    );
  });
});
