import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@core/shared/resource/record-page';
import { HistoryDrawer } from '@core/web/resource/HistoryDrawer';
import { addResourceStrings } from '@core/web/resource/resource-strings';
import { createTestKernel, renderInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';
import { WALLETS, wallet } from './fixtures';
import { patchAnimations } from './support';

patchAnimations();

// An update is only an entry when it changed something a reader sees.
const entry = (id: number, action: string): TimelineEntry =>
  action === 'update'
    ? {
        id,
        action,
        actor_id: 1,
        actor_name: 'bob',
        at: '2026-11-21T09:00:00Z',
        before: { name: 'Old' },
        after: { name: 'New' },
      }
    : { id, action, actor_id: 1, actor_name: 'bob', at: '2026-11-21T09:00:00Z', before: null, after: null };

/** The drawer over `WALLETS` (namespace `test`), its plugin's texts as `test` gives them in each language. */
async function render(language: 'en' | 'ru', entries: readonly TimelineEntry[]) {
  const kernel = await createTestKernel({ user: testUser([]), language });
  const i18n = kernel.i18n.i18n;
  addResourceStrings(i18n);
  i18n.addResourceBundle(
    'en',
    'test',
    { history: { actions: { 'load-positions': 'Positions loaded', update: 'Edited by hand' } } },
    true,
    true,
  );
  i18n.addResourceBundle(
    'ru',
    'test',
    { history: { actions: { 'load-positions': 'Загружены позиции', update: 'Изменено вручную' } } },
    true,
    true,
  );
  const view = await renderInKernel(
    kernel,
    <HistoryDrawer
      definition={WALLETS}
      api={{ timeline: async () => ({ entries, labels: {}, more: false }) }}
      record={wallet(1)}
      label="Wallet 1"
      onClose={() => undefined}
    />,
  );
  const drawer = () => document.body.textContent ?? '';
  await waitInAct(() => expect(drawer()).toContain('bob'));
  return { view, drawer };
}

describe('the history drawer’s action names', () => {
  it('takes a plugin’s own name for its action from its namespace, then the engine’s, then the raw name', async () => {
    const { drawer } = await render('en', [
      entry(4, 'load-positions'),
      entry(3, 'update'),
      entry(2, 'create'),
      entry(1, 'never-named'),
    ]);
    expect(drawer()).toContain('Positions loaded by bob');
    // The plugin's own word wins over the engine's for the same action.
    expect(drawer()).toContain('Edited by hand by bob');
    expect(drawer()).toContain('Created by bob');
    expect(drawer()).toContain('never-named by bob');
  });

  it('reads in the reader’s language', async () => {
    const { drawer } = await render('ru', [entry(2, 'load-positions'), entry(1, 'create')]);
    expect(drawer()).toContain('Загружены позиции: bob');
    expect(drawer()).toContain('Создано: bob');
  });
});
