import { describe, expect, it } from 'vitest';
import { FakeService, renderPluginPage, waitInAct } from '@core/sdk/testing-web';
import { listOf, record, SOCIAL_API, social } from './social-web';

/*
 * The services screen warns its readers when the server's Graph API version has expired or soon
 * will, in the words the server gives (already in the reader's language), and says nothing while
 * the version is current.
 */

const WARNING =
  'The Graph API version v24.0 expired on 2026-11-10: Meta no longer answers it. Set pluginSettings.social.graphVersion to v27.0.';

describe('the services screen’s Graph version warning', () => {
  it('shows the server’s warning above the list', { timeout: 20_000 }, async () => {
    const api = new FakeService(SOCIAL_API)
      .on('GET', 'services', listOf([record(2, { name: 'Main app' })]))
      .on('GET', 'graph-version', { data: { version: 'v24.0', warning: WARNING } });
    const { view } = await renderPluginPage({ plugins: [social], path: '/facebook-service', codes: ['FO'], api });
    await waitInAct(() =>
      expect(view.element.querySelector('[data-graph-version-warning]')?.textContent).toBe(WARNING),
    );
  });

  it('shows nothing while the version is current', { timeout: 20_000 }, async () => {
    const api = new FakeService(SOCIAL_API)
      .on('GET', 'services', listOf([record(2, { name: 'Main app' })]))
      .on('GET', 'graph-version', { data: { version: 'v27.0', warning: null } });
    const { view } = await renderPluginPage({ plugins: [social], path: '/facebook-service', codes: ['FO'], api });
    await waitInAct(() => expect(view.element.querySelectorAll('tbody tr[data-row-id="2"]')).toHaveLength(1));
    await waitInAct(() => expect(api.requests('GET', 'graph-version')).toHaveLength(1));
    expect(view.element.querySelector('[data-graph-version-warning]')).toBeNull();
  });
});
