import { act, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceRecord } from '@core/shared/resource/definition';
import type { PermissionCode } from '@core/shared/permissions';
import { appRoutes } from '@core/web/shell/create-app-router';
import { click, openRowMenu } from '../../../../support/web/dom';
import { jsonResponse, stubFetch, type SeenRequest } from '../../../../support/web/fetch';
import {
  createTestKernel,
  renderRoutesInKernel,
  testUser,
  waitInAct,
  type RenderedView,
} from '../../../../support/web/test-kernel';
import { wallet, WALLETS, listAnswer } from '../fixtures';
import { buttonNamed, dialog, patchAnimations } from '../support';
import { FakeIntersectionObserver, overview, payment, PAYMENTS, recordPlugin } from './record-fixtures';

patchAnimations();

interface Server {
  catalogue: readonly unknown[];
  wallet: ResourceRecord | null;
  payments: (url: URL) => Response;
}

let server: Server;
let seen: SeenRequest[];

beforeEach(() => {
  FakeIntersectionObserver.install();
  server = {
    catalogue: [WALLETS, PAYMENTS],
    wallet: wallet(5, { balance: { amount: '1234.5678', currency: 'USD' } }),
    payments: () => jsonResponse(200, listAnswer([payment(11), payment(12)])),
  };
  seen = stubFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/auth/resources')) return jsonResponse(200, { data: server.catalogue });
    if (request.method === 'GET' && url.pathname === '/finance/wallets/5/overview') {
      return server.wallet ? jsonResponse(200, overview(server.wallet)) : jsonResponse(404, { message: 'Not found' });
    }
    if (request.method === 'GET' && url.pathname === '/finance/payments/11/overview')
      return jsonResponse(200, overview(payment(11)));
    if (request.method === 'GET' && url.pathname === '/finance/payments') return server.payments(url);
    if (request.method === 'POST' && url.pathname === '/finance/wallets/5/restore') {
      server.wallet = server.wallet && { ...server.wallet, deleted_at: null };
      return jsonResponse(200, {});
    }
    return jsonResponse(200, { data: {} });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openRecord(
  path: string,
  codes: readonly PermissionCode[] = ['FW', 'FZ'],
  walletsPage?: ComponentType,
): Promise<RenderedView> {
  const kernel = await createTestKernel({
    plugins: [recordPlugin(walletsPage)],
    user: testUser(codes),
    token: 'token',
    config: { plugins: ['test'] },
  });
  return renderRoutesInKernel(kernel, appRoutes(kernel.host), { path });
}

/** Scrolls every section into view. */
const showSections = () => act(async () => FakeIntersectionObserver.showAll());
const text = (view: RenderedView) => view.element.textContent ?? '';
const requests = (method: string, path: string) =>
  seen.filter((request) => request.method === method && new URL(request.url).pathname === path);

describe('a record page', () => {
  it('shows the label as its title, the fields with money exact, references as links, who made it', async () => {
    const view = await openRecord('/wallets/5');
    await waitInAct(() => expect(view.element.querySelector('h1')?.textContent).toContain('Wallet 5'));
    expect(document.title).toContain('Wallet 5');
    const field = (name: string) => view.element.querySelector(`[data-field="${name}"]`)?.textContent ?? '';
    expect(field('balance')).toContain('$1,234.5678');
    expect(field('status')).toContain('Active');
    expect(field('owner_id')).toContain('ann');
    expect(text(view)).toContain('Created by ann');
    // One request for the record: the overview (and the session's catalogue).
    expect(requests('GET', '/finance/wallets/5/overview')).toHaveLength(1);
    expect(requests('GET', '/finance/wallets/5')).toHaveLength(0);
  });

  it('shows its values in the interface language, again after a switch', async () => {
    server.wallet = wallet(5, { balance: { amount: '12803.04', currency: 'USD' }, opened_on: '2026-11-29' });
    const kernel = await createTestKernel({
      plugins: [recordPlugin()],
      user: testUser(['FW', 'FZ']),
      token: 'token',
      config: { plugins: ['test'] },
    });
    const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/wallets/5' });
    const field = (name: string) => view.element.querySelector(`[data-field="${name}"]`)?.textContent ?? '';
    await waitInAct(() => expect(field('balance')).toContain('$12,803.04'));
    expect(field('opened_on')).toContain('11/29/26');
    await act(() => kernel.i18n.setLanguage('ru'));
    await waitInAct(() => expect(field('balance')).toContain('12\u00a0803,04\u00a0$'));
    expect(field('opened_on')).toContain('29.11.2026');
  });

  it('links a reference to its record page', async () => {
    const view = await openRecord('/payments/11');
    await waitInAct(() =>
      expect(view.element.querySelector('[data-field="wallet_id"] a')?.getAttribute('href')).toBe('/wallets/5'),
    );
  });

  it('says not found, inside the layout, for an id that is none or a record that does not exist', async () => {
    const bad = await openRecord('/wallets/05');
    await waitInAct(() => expect(text(bad)).toContain('Record not found'));
    bad.unmount();
    server.wallet = null;
    const missing = await openRecord('/wallets/5');
    await waitInAct(() => expect(text(missing)).toContain('Record not found'));
  });

  it('shows no access to a user without the list’s codes, or for a resource the catalogue does not list', async () => {
    const refused = await openRecord('/wallets/5', ['JA']);
    await waitInAct(() => expect(text(refused)).toMatch(/no access/i));
    expect(requests('GET', '/finance/wallets/5/overview')).toHaveLength(0);
    refused.unmount();
    server.catalogue = [PAYMENTS];
    const unreadable = await openRecord('/wallets/5');
    await waitInAct(() => expect(text(unreadable)).toMatch(/no access/i));
    expect(requests('GET', '/finance/wallets/5/overview')).toHaveLength(0);
  });

  it('says a deleted record is deleted and restores it', async () => {
    server.wallet = wallet(5, { deleted_at: '2026-11-21T10:00:00.000Z' });
    const view = await openRecord('/wallets/5');
    await waitInAct(() => expect(text(view)).toContain('This record is deleted.'));
    expect(new URL(requests('GET', '/finance/wallets/5/overview')[0]?.url ?? '').searchParams.get('deleted')).toBe(
      'with',
    );
    await click(buttonNamed('Restore', view.element));
    await waitInAct(() => expect(requests('POST', '/finance/wallets/5/restore')).toHaveLength(1));
    await waitInAct(() => expect(text(view)).not.toContain('This record is deleted.'));
  });

  it('offers no Restore to a user who may only read', async () => {
    server.wallet = wallet(5, { deleted_at: '2026-11-21T10:00:00.000Z' });
    const view = await openRecord('/wallets/5', ['FW']);
    await waitInAct(() => expect(text(view)).toContain('This record is deleted.'));
    expect(() => buttonNamed('Restore', view.element)).toThrow();
  });
});

describe('a related section', () => {
  it('asks for nothing until in view, then lists the records pointing here and pages them in its own state', async () => {
    server.payments = (url) => {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(
        200,
        listAnswer(
          page === 2 ? [payment(31)] : Array.from({ length: 10 }, (_, index) => payment(index + 11)),
          page,
          10,
          11,
        ),
      );
    };
    const view = await openRecord('/wallets/5');
    await waitInAct(() =>
      expect(view.element.querySelector('[data-section="test.payments.wallet_id"]')).not.toBeNull(),
    );
    expect(requests('GET', '/finance/payments')).toHaveLength(0);
    await showSections();
    await waitInAct(() =>
      expect(view.element.querySelectorAll('[data-section] tbody tr[data-row-id]')).toHaveLength(10),
    );
    const first = new URL(requests('GET', '/finance/payments')[0]?.url ?? '');
    expect(first.searchParams.get('filter[wallet_id][eq]')).toBe('5');
    // A section's row is a link to its own record page.
    expect(view.element.querySelector('[data-section] tr[data-row-id="11"] a')?.getAttribute('href')).toBe(
      '/payments/11',
    );

    await click(buttonNamed('Next page', view.element.querySelector<HTMLElement>('[data-section]') ?? undefined));
    await waitInAct(() =>
      expect(view.element.querySelectorAll('[data-section] tbody tr[data-row-id]')).toHaveLength(1),
    );
    const second = new URL(requests('GET', '/finance/payments').at(-1)?.url ?? '');
    expect(second.searchParams.get('page')).toBe('2');
    expect(second.searchParams.get('filter[wallet_id][eq]')).toBe('5');
    // The page's address stays the record's.
    expect(view.path()).toBe('/wallets/5');
  });

  it('adds a record prefilled with this one', async () => {
    const view = await openRecord('/wallets/5');
    await waitInAct(() => expect(view.element.querySelector('[data-section]')).not.toBeNull());
    await showSections();
    await waitInAct(() =>
      expect(view.element.querySelectorAll('[data-section] tbody tr[data-row-id]')).toHaveLength(2),
    );
    await click(buttonNamed('Add to Payments', view.element));
    await waitInAct(() => expect(dialog().textContent).toContain('payment'));
    await click(buttonNamed('Save', dialog()));
    await waitInAct(() => expect(requests('POST', '/finance/payments')).toHaveLength(1));
    expect(requests('POST', '/finance/payments')[0]?.body).toMatchObject({ wallet_id: 5 });
  });

  it("offers the definition's row actions when the list's options are known, and leaves them to a list page of the plugin's own", async () => {
    const generated = await openRecord('/wallets/5');
    await waitInAct(() => expect(generated.element.querySelector('h1')?.textContent).toContain('Wallet 5'));
    expect(await openRowMenu(generated.element, 'Wallet 5')).toContain('Close wallet');
    generated.unmount();
    // Its runners (a dialog asking more first) are unknown here: posting at once would skip them.
    const own = await openRecord('/wallets/5', ['FW', 'FZ'], () => null);
    await waitInAct(() => expect(own.element.querySelector('h1')?.textContent).toContain('Wallet 5'));
    const items = await openRowMenu(own.element, 'Wallet 5');
    expect(items).not.toContain('Close wallet');
    expect(items).toContain('Delete');
  });

  it('offers no Add where the pointer is read-only (only the plugin sets it)', async () => {
    server.catalogue = [
      WALLETS,
      {
        ...PAYMENTS,
        fields: PAYMENTS.fields.map((field) => (field.name === 'wallet_id' ? { ...field, readOnly: true } : field)),
      },
    ];
    const view = await openRecord('/wallets/5');
    await waitInAct(() => expect(view.element.querySelector('[data-section]')).not.toBeNull());
    await showSections();
    await waitInAct(() =>
      expect(view.element.querySelectorAll('[data-section] tbody tr[data-row-id]')).toHaveLength(2),
    );
    expect(() => buttonNamed('Add to Payments', view.element)).toThrow();
  });

  it('offers no Add to a user who may only read, and has no section of a resource the catalogue lacks', async () => {
    const view = await openRecord('/wallets/5', ['FW']);
    await waitInAct(() => expect(view.element.querySelector('[data-section]')).not.toBeNull());
    await showSections();
    await waitInAct(() =>
      expect(view.element.querySelectorAll('[data-section] tbody tr[data-row-id]')).toHaveLength(2),
    );
    expect(() => buttonNamed('Add to Payments', view.element)).toThrow();
    view.unmount();
    const before = requests('GET', '/finance/payments').length;
    server.catalogue = [WALLETS];
    const without = await openRecord('/wallets/5');
    await waitInAct(() => expect(without.element.querySelector('h1')?.textContent).toContain('Wallet 5'));
    await showSections();
    expect(without.element.querySelector('[data-section]')).toBeNull();
    expect(requests('GET', '/finance/payments')).toHaveLength(before);
  });
});
