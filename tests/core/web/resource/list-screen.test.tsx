import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../support/web/fetch';
import { waitInAct } from '../../../support/web/test-kernel';
import { listAnswer, wallet } from './fixtures';
import { FakeApi, renderWallets, text, waitForRows } from './support';

describe('resource list screen', () => {
  it('renders the rows of the stubbed API, asking for the page the URL names', async () => {
    const api = new FakeApi();
    api.rows = () => jsonResponse(200, listAnswer([wallet(1), wallet(2, { name: 'Reserve', status: 'closed', is_default: true })], 2, 20, 22));
    const { view } = await renderWallets({ path: '/wallets?page=2&sort=name&filter[name][contains]=e' });
    await waitForRows(view, 2);
    const url = api.lists()[0];
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('per_page')).toBe('20');
    expect(url?.searchParams.get('sort')).toBe('name');
    expect(url?.searchParams.get('filter[name][contains]')).toBe('e');
    expect(text(view)).toContain('Wallets');
    expect(text(view)).toContain('Reserve');
    expect(text(view)).toContain('Closed');
    expect(text(view)).toContain('$12.30');
    expect(text(view)).toContain('Page 2 of 2');
  });
});
