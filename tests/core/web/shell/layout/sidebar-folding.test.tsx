import { afterEach, describe, expect, it, vi } from 'vitest';
import { foldedGroupsKey, readFoldedGroups } from '@core/web/shell/layout/sidebar-folding';
import { MemoryStorage, waitInAct } from '../../../../support/web/test-kernel';
import { click } from '../../../../support/web/dom';
import { byText, openShell, requireNav } from './shell-harness';

/** Finance's wallets and transactions, System's servers. */
const SOME_CODES = ['FW', 'FT', 'YE'];

const heading = (name: string): HTMLButtonElement => {
  const found = [...requireNav().querySelectorAll<HTMLButtonElement>('button[aria-expanded]')].find(
    (button) => button.textContent === name,
  );
  if (!found) throw new Error(`no group heading "${name}"`);
  return found;
};
/** Whether the link reading `label` is in view (not inside a folded group). */
const linkShown = (label: string): boolean => byText(label, 'a').closest('[hidden]') === null;

describe('folding sidebar groups', () => {
  it('folds and unfolds a group at its heading, and remembers the choice for this user after a reload', async () => {
    const first = await openShell({ layout: 'vertical', codes: SOME_CODES, path: '/dashboard/main' });
    expect(heading('System').getAttribute('aria-expanded')).toBe('true');
    await click(heading('System'));
    expect(heading('System').getAttribute('aria-expanded')).toBe('false');
    expect(linkShown('Servers')).toBe(false);
    expect(linkShown('Wallets')).toBe(true);
    const stored = first.kernel.storage.snapshot();
    const userId = JSON.parse(stored.userData ?? '{}').id as number;
    expect(readFoldedGroups(new MemoryStorage(stored), userId)).toEqual(new Set(['system']));
    await first.view.unmount();
    await first.kernel.dispose();

    const second = await openShell({ layout: 'vertical', codes: SOME_CODES, storage: stored });
    expect(heading('System').getAttribute('aria-expanded')).toBe('false');
    await click(heading('System'));
    expect(linkShown('Servers')).toBe(true);
    expect(readFoldedGroups(second.kernel.storage, userId).size).toBe(0);
  });

  it('keeps another user’s folded groups apart', async () => {
    const { kernel } = await openShell({
      layout: 'vertical',
      codes: SOME_CODES,
      storage: { [foldedGroupsKey(999_999)]: '["finance","system"]' },
    });
    expect(heading('Finance').getAttribute('aria-expanded')).toBe('true');
    expect(heading('System').getAttribute('aria-expanded')).toBe('true');
    expect(kernel.storage.snapshot()[foldedGroupsKey(999_999)]).toBe('["finance","system"]');
  });

  it('always opens the current screen’s group, also when the user arrives on a screen of a folded group', async () => {
    const first = await openShell({ layout: 'vertical', codes: SOME_CODES, path: '/dashboard/main' });
    await click(heading('Finance'));
    await click(heading('System'));
    expect(linkShown('Wallets')).toBe(false);
    const stored = first.kernel.storage.snapshot();
    await first.view.unmount();
    await first.kernel.dispose();

    // Opened on a folded group's screen (a bookmark, the palette): that group opens, the other stays folded.
    const { view } = await openShell({ layout: 'vertical', codes: SOME_CODES, path: '/wallets', storage: stored });
    await waitInAct(() => expect(heading('Finance').getAttribute('aria-expanded')).toBe('true'));
    expect(linkShown('Wallets')).toBe(true);
    expect(heading('System').getAttribute('aria-expanded')).toBe('false');
    // The user may still fold it while there.
    await click(heading('Finance'));
    expect(heading('Finance').getAttribute('aria-expanded')).toBe('false');
    expect(view.path()).toBe('/wallets');
  });

  describe('the open screen’s entry', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('is brought into the sidebar’s view, on arrival and on each move, and no other entry is', async () => {
      const scrolled: string[] = [];
      vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
        scrolled.push(this.textContent ?? '');
      });
      await openShell({ layout: 'vertical', codes: SOME_CODES, path: '/servers' });
      await waitInAct(() => expect(scrolled).toEqual(['Servers']));
      await click(byText('Wallets', 'a'));
      await waitInAct(() => expect(scrolled).toEqual(['Servers', 'Wallets']));
    });
  });
});
