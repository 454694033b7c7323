import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { ContainerModule } from 'inversify';
import { DashboardWidgetToken } from '@core/web/kernel/contributions';
import { MainDashboard } from '@core/web/shell/MainDashboard';
import { testPlugin } from '../../../support/web/test-plugin';
import { createTestKernel, renderInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';

function Balances() {
  return createElement('p', null, 'balances widget');
}

const widgetModule = new ContainerModule(({ bind }) => {
  bind(DashboardWidgetToken).toConstantValue({ id: 'balances', component: Balances, requires: 'FW' });
});

const financeLike = () => testPlugin({ id: 'money', module: widgetModule, slots: { dashboard: 'FW' } });

describe('dashboard widgets of plugins whose pages were never opened', () => {
  it('loads a plugin that declares the dashboard slot and shows its widget', async () => {
    const plugin = financeLike();
    const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['FW']) });
    await renderInKernel(kernel, createElement(MainDashboard), { path: '/dashboard/main' });
    await waitInAct(() => expect(document.body.textContent).toContain('balances widget'));
    expect(plugin.load).toHaveBeenCalledTimes(1);
  });

  it('never downloads the plugin for a user who could see none of its widgets', async () => {
    const plugin = financeLike();
    const kernel = await createTestKernel({ plugins: [plugin], user: testUser(['JA']) });
    await renderInKernel(kernel, createElement(MainDashboard), { path: '/dashboard/main' });
    await waitInAct(() => expect(document.body.textContent).toContain('Hello'));
    expect(plugin.load).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('balances widget');
  });
});
