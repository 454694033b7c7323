/**
 * A slot a plugin offers (manifest `offersSlots`) shows what fills it only to users holding the code
 * the offering plugin set for it, on top of each filler's own: without it, the fillers' code is not
 * even fetched. A 1.x manifest's bare slot names still work, with no code of their own.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { observer } from 'mobx-react-lite';
import { ContainerModule } from 'inversify';
import type { OfferedSlotEntry } from '@core/shared/manifest';
import { RouteContributionToken, slotToken } from '@core/web/kernel/contributions';
import { useSlotItems } from '@core/web/shell/layout/use-slot-items';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import { waitInAct, type TestKernel } from '../../../support/web/test-kernel';
import { testPlugin } from '../../../support/web/test-plugin';
import { openShell } from './layout/shell-harness';

interface DeskPanelProps {
  readonly deskId: number;
}
const PANEL = 'desk.panel';

const DeskPage = observer(function DeskPage() {
  const items = useSlotItems(slotToken<DeskPanelProps>(PANEL), PANEL);
  return createElement(
    'main',
    { 'data-testid': 'desk' },
    'desk page',
    ...items.map((item) => createElement(item.component, { key: item.id, deskId: 3 })),
  );
});
function Sticker({ deskId }: DeskPanelProps) {
  return createElement('p', null, `sticker on desk ${deskId}`);
}

/** "desk" offers `desk.panel` (code DA unless 1.x); "stickers" fills it for holders of SB. */
function plugins(offered: OfferedSlotEntry) {
  const desk = testPlugin({
    id: 'desk',
    pages: [{ path: '/desk', titleKey: 'desk:title', requires: 'DP' }],
    permissions: [{ code: 'DA', area: 'main', description: { en: 'Desk panel', ru: 'Панель стола' } }],
    offersSlots: [offered],
    module: new ContainerModule(({ bind }) => {
      bind(RouteContributionToken).toConstantValue({ path: '/desk', component: DeskPage });
    }),
  });
  const stickers = testPlugin({
    id: 'stickers',
    optionalDependencies: ['desk'],
    slots: { [PANEL]: 'SB' },
    module: new ContainerModule(({ bind }) => {
      bind(slotToken<DeskPanelProps>(PANEL)).toConstantValue({ id: 'stickers.sticker', component: Sticker });
    }),
  });
  return { desk, stickers };
}

const DECLARED: OfferedSlotEntry = {
  id: PANEL,
  description: { en: 'Below a desk', ru: 'Под столом' },
  requires: 'DA',
  props: 'DeskPanelProps',
};

beforeEach(() => {
  stubFetch(() => jsonResponse(200, { data: { key: 'dashboard', value: null } }));
});

async function openDesk(offered: OfferedSlotEntry, codes: readonly string[], prepare?: (kernel: TestKernel) => void) {
  const { desk, stickers } = plugins(offered);
  const { kernel } = await openShell({
    plugins: [desk, stickers],
    codes,
    path: '/desk',
    ...(prepare ? { prepare } : {}),
  });
  await waitInAct(() => expect(document.querySelector('[data-testid="desk"]')).not.toBeNull());
  return { stickers, kernel };
}

describe('a slot a plugin offers', () => {
  it("shows its fillers' items, with its props, to a user holding its code and theirs", async () => {
    await openDesk(DECLARED, ['DP', 'DA', 'SB']);
    await waitInAct(() => expect(document.body.textContent).toContain('sticker on desk 3'));
  });

  it("shows nothing, and fetches no filler, without the offering plugin's code", async () => {
    const { stickers } = await openDesk(DECLARED, ['DP', 'SB']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.textContent).not.toContain('sticker');
    expect(stickers.load).not.toHaveBeenCalled();
  });

  it("shows no item of a filler to a user without the filler's own codes, though its code was loaded for something else", async () => {
    const { kernel } = await openDesk(DECLARED, ['DP', 'DA'], (opened) => void opened.host.ensureLoaded('stickers'));
    await waitInAct(() => expect(kernel.host.state('stickers')).toBe('loaded'));
    expect(document.body.textContent).not.toContain('sticker');
  });

  it('takes a 1.x bare slot name: a slot with no code of its own', async () => {
    await openDesk(PANEL, ['DP', 'SB']);
    await waitInAct(() => expect(document.body.textContent).toContain('sticker on desk 3'));
  });
});
