import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { BarChart } from '@core/web/charts/BarChart';
import { createTestKernel, renderInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';

const ticks = (element: HTMLElement): string[] =>
  [...element.querySelectorAll('svg g.tick text')].map((tick) => tick.textContent ?? '');

describe('a bar chart’s value axis', () => {
  it('writes short figures with their currency in the interface language, again after a switch', async () => {
    const kernel = await createTestKernel({ user: testUser([]) });
    const view = await renderInKernel(
      kernel,
      <BarChart
        title="Spend"
        categories={['Oct', 'Nov']}
        series={[{ key: 'spend', label: 'Spend', values: ['8940.5', '12803.04'] }]}
        formatValue={(value) => value}
        currency="USD"
      />,
    );
    await waitInAct(() => expect(ticks(view.element)).toContain('$6.4K'));
    await act(() => kernel.i18n.setLanguage('ru'));
    await waitInAct(() => expect(ticks(view.element)).toContain('6,4\u00a0тыс.\u00a0$'));
  });
});
