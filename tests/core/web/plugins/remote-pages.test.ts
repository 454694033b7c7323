import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SDK_VERSION } from '@core/sdk/version';
import { appRoutes } from '@core/web/shell/create-app-router';
import { buttonByText, click } from '../../../support/web/dom';
import { createTestKernel, renderRoutesInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';
import type { Language } from '@core/shared/runtime-config';
import type { WebPlugin } from '@core/web/plugins/define-plugin';
import { stubWindowWidth } from '../shell/layout/shell-harness';
import {
  exposedPlugin,
  fakeFederation,
  joinRemotes,
  pageModule,
  remoteFiles,
  remoteManifest,
  serve,
  type Served,
} from './remote-support';

beforeEach(() => {
  // The host logs each failure; the loader each version problem.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The app at `/notes` for a user allowed to open it, with the external plugin `notes`. */
async function openNotes(plugins: readonly WebPlugin[], language: Language = 'en') {
  // A wide window, where the sidebar is docked and open.
  stubWindowWidth(true);
  const kernel = await createTestKernel({ plugins, user: testUser(['FW']), token: 'test-token', language });
  const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/notes' });
  return { kernel, view };
}

function notesPlugins(files: Served, load: () => Promise<unknown>, sdk?: string): WebPlugin[] {
  serve(files);
  const manifest = remoteManifest('notes', {
    ...(sdk ? { sdk } : {}),
    pages: [{ path: '/notes', titleKey: 'notes:title', requires: 'FW', nav: { group: 'main' } }],
  });
  return joinRemotes([manifest], ['notes'], fakeFederation({ erp_plugin_notes: load })).enabled;
}

describe('an external plugin’s page', () => {
  it('shows the remote’s page once its code has loaded', async () => {
    const { view } = await openNotes(
      notesPlugins(remoteFiles('notes', 'Notes'), async () => exposedPlugin(pageModule('notes'))),
    );
    await waitInAct(() =>
      expect(view.element.querySelector('[data-testid="plugin-page"]')?.textContent).toBe('notes page at /notes'),
    );
  });

  it('says the module could not be loaded when its remote is missing, and offers to try again', async () => {
    const files = { ...remoteFiles('notes', 'Notes'), '/plugins/notes/mf-manifest.json': 404 };
    const { view } = await openNotes(notesPlugins(files, async () => exposedPlugin(pageModule('notes'))));
    await waitInAct(() =>
      expect(view.element.textContent).toContain(
        'This module could not be loaded. The rest of the application keeps working.',
      ),
    );
    // The sidebar still links to it: entries come from the manifest, which needs no code.
    expect(view.element.querySelector('a[href="/notes"]')).not.toBeNull();

    serve(remoteFiles('notes', 'Notes'));
    await click(buttonByText(view.element, 'Try again'));
    await waitInAct(() => expect(view.element.querySelector('[data-testid="plugin-page"]')).not.toBeNull());
  });

  it('says so in the user’s language when its strings are missing', async () => {
    const files = { ...remoteFiles('notes', 'Заметки'), '/plugins/notes/i18n/ru.json': 404 };
    const { view } = await openNotes(
      notesPlugins(files, async () => exposedPlugin(pageModule('notes'))),
      'ru',
    );
    await waitInAct(() => expect(view.element.textContent).toContain('Этот модуль не удалось загрузить.'));
    expect(view.element.querySelector('[data-testid="plugin-page"]')).toBeNull();
  });

  it('says why a plugin written for another SDK was not started, with no button that cannot help', async () => {
    const future = `^${Number(SDK_VERSION.split('.')[0]) + 1}.0.0`;
    const load = vi.fn(async () => exposedPlugin(pageModule('notes')));
    const { view } = await openNotes(notesPlugins(remoteFiles('notes', 'Notes'), load, future));
    await waitInAct(() =>
      expect(view.element.textContent).toContain(
        `This module was made for another version of the application (it needs SDK ${future}; this application has SDK ${SDK_VERSION}), so it was not started.`,
      ),
    );
    expect([...view.element.querySelectorAll('button')].map((button) => button.textContent)).not.toContain('Try again');
    expect(load).not.toHaveBeenCalled();
  });
});
