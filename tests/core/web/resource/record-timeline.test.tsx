import { describe, expect, it, vi } from 'vitest';
import type { ResourceRecord } from '@core/shared/resource/definition';
import type { TimelineEntry, TimelinePage } from '@core/shared/resource/record-page';
import { HttpError } from '@core/web/http/http-error';
import { HttpClients } from '@core/web/http/http-clients';
import { ResourceApi } from '@core/web/resource/resource-api';
import { addResourceStrings } from '@core/web/resource/resource-strings';
import { RecordTimeline, type TimelineApi } from '@core/web/resource/timeline/RecordTimeline';
import { click, query, typeInto } from '../../../support/web/dom';
import { jsonResponse, stubFetch } from '../../../support/web/fetch';
import { createTestKernel, renderInKernel, testUser, waitInAct } from '../../../support/web/test-kernel';
import { WALLET_STRINGS, WALLETS, wallet } from './fixtures';
import { buttonNamed, patchAnimations } from './support';

patchAnimations();

function entry(id: number, action: string, extra: Partial<TimelineEntry> = {}): TimelineEntry {
  return {
    id,
    action,
    actor_id: 1,
    actor_name: 'bob',
    at: '2026-11-21T09:00:00Z',
    before: { name: `Name ${id - 1}` },
    after: { name: `Name ${id}` },
    ...extra,
  };
}

const page = (entries: TimelineEntry[], more = false): TimelinePage => ({ entries, labels: {}, more });

/** A fake adapter: history pages by `before`, every call recorded. */
function fakeApi(pages: Record<string, TimelinePage>): TimelineApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    timeline: vi.fn(async (id: number, before?: number) => {
      calls.push(`timeline ${id} ${before ?? ''}`.trim());
      const found = pages[String(before ?? 'first')];
      if (!found) throw new Error(`no page before ${before}`);
      return found;
    }),
    comment: vi.fn(async (id: number, text: string) => {
      calls.push(`comment ${id} ${text}`);
      return entry(999, 'comment', { actor_name: 'me', before: null, after: null, detail: { comment: text } });
    }),
    revert: vi.fn(async (id: number, entryId: number, version: number) => {
      calls.push(`revert ${id} ${entryId} ${version}`);
      return wallet(id, { version: version + 1 });
    }),
  };
}

async function render(
  api: TimelineApi,
  props: {
    canRevert?: boolean;
    currentVersion?: number;
    onReverted?: (record: ResourceRecord) => void;
    language?: 'en' | 'ru';
  } = {},
) {
  const kernel = await createTestKernel({ user: testUser([]), language: props.language ?? 'en' });
  addResourceStrings(kernel.i18n.i18n);
  kernel.i18n.i18n.addResourceBundle('en', 'test', WALLET_STRINGS, true, true);
  const view = await renderInKernel(
    kernel,
    <RecordTimeline
      definition={WALLETS}
      api={api}
      recordId={5}
      canRevert={props.canRevert ?? false}
      currentVersion={props.currentVersion}
      onReverted={props.onReverted}
    />,
  );
  return { kernel, view };
}

const items = (): string[] =>
  [...document.querySelectorAll('ol > li')].map((item) => item.querySelector('.fui-Text')?.textContent ?? '');
const textarea = (): HTMLTextAreaElement => query<HTMLTextAreaElement>(document, 'textarea');
const bodyText = (): string => document.body.textContent ?? '';

describe('RecordTimeline', () => {
  it('lists entries newest first, as a labelled list, with their changes', async () => {
    const api = fakeApi({ first: page([entry(3, 'update'), entry(2, 'create', { before: null })]) });
    await render(api);
    await waitInAct(() => expect(items()).toEqual(['Updated by bob', 'Created by bob']));
    expect(query(document, 'ol').getAttribute('aria-label')).toBe('Timeline');
    expect(document.querySelector('table')?.textContent).toContain('Name 2');
  });

  it('adds a comment at the top; Enter alone does not send it', async () => {
    const api = fakeApi({ first: page([entry(3, 'update')]) });
    await render(api);
    await waitInAct(() => expect(items()).toHaveLength(1));
    expect(buttonNamed('Comment').disabled).toBe(true);
    await typeInto(textarea(), '  Called the owner  ');
    expect(bodyText()).toContain('20 / 2000');
    expect(textarea().maxLength).toBe(2000);
    textarea().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(api.calls).toEqual(['timeline 5']);
    await click(buttonNamed('Comment'));
    await waitInAct(() => expect(items()).toEqual(['Commented by me', 'Updated by bob']));
    expect(api.calls).toContain('comment 5 Called the owner');
    expect(textarea().value).toBe('');
    expect(bodyText()).toContain('Called the owner');
  });

  it('shows the server’s message when a comment is refused, and keeps the text', async () => {
    const api = fakeApi({ first: page([]) });
    api.comment = async () => {
      throw new HttpError(422, ['Слишком длинный комментарий'], {
        message: 'Validation failed',
        errors: { text: ['Слишком длинный комментарий'] },
      });
    };
    await render(api, { language: 'ru' });
    await waitInAct(() => expect(bodyText()).toContain('Изменений не записано.'));
    await typeInto(textarea(), 'x');
    await click(buttonNamed('Комментировать'));
    await waitInAct(() => expect(bodyText()).toContain('Слишком длинный комментарий'));
    expect(bodyText()).not.toContain('Validation failed');
    expect(textarea().value).toBe('x');
  });

  it('says so in the user’s language when a comment fails without a message', async () => {
    const api = fakeApi({ first: page([]) });
    api.comment = async () => {
      throw new HttpError(500, ['x'], undefined);
    };
    await render(api);
    await waitInAct(() => expect(bodyText()).toContain('No changes are recorded.'));
    await typeInto(textarea(), 'x');
    await click(buttonNamed('Comment'));
    await waitInAct(() => expect(bodyText()).toContain('The comment could not be added.'));
  });

  it('pages to older entries with "Show older", asking before the last one shown', async () => {
    const api = fakeApi({
      first: page([entry(5, 'update'), entry(4, 'update')], true),
      '4': page([entry(3, 'update'), entry(2, 'create', { before: null })], false),
    });
    await render(api);
    await waitInAct(() => expect(items()).toHaveLength(2));
    await click(buttonNamed('Show older'));
    await waitInAct(() => expect(items()).toHaveLength(4));
    expect(api.calls).toEqual(['timeline 5', 'timeline 5 4']);
    expect(() => buttonNamed('Show older')).toThrow();
  });

  it('offers a revert only to who may write, on the current version, after a confirmation; then reloads', async () => {
    const api = fakeApi({ first: page([entry(3, 'update'), entry(2, 'create', { before: null })]) });
    const onReverted = vi.fn();
    await render(api, { canRevert: true, currentVersion: 7, onReverted });
    await waitInAct(() => expect(items()).toHaveLength(2));
    // The creation changed no value back to anything: only the update offers it.
    expect(
      [...document.querySelectorAll('button')].filter((button) => button.textContent === 'Revert this change'),
    ).toHaveLength(1);
    await click(buttonNamed('Revert this change'));
    const surface = query(document, '.fui-DialogSurface');
    expect(surface.textContent).toContain('Set the fields this change touched back');
    await click(buttonNamed('Cancel', surface));
    expect(api.calls).toEqual(['timeline 5']);
    await click(buttonNamed('Revert this change'));
    await click(buttonNamed('Revert this change', query(document, '.fui-DialogSurface')));
    await waitInAct(() => expect(api.calls).toEqual(['timeline 5', 'revert 5 3 7', 'timeline 5']));
    expect(onReverted).toHaveBeenCalledWith(expect.objectContaining({ id: 5, version: 8 }));
    expect(bodyText()).toContain('The change was reverted.');
  });

  it('shows the refused field’s message on a 422 and the server’s on a 409', async () => {
    const api = fakeApi({ first: page([entry(3, 'update')]) });
    let status = 422;
    api.revert = async () => {
      throw status === 422
        ? new HttpError(422, ['The record no longer exists'], {
            message: 'Validation failed',
            errors: { name: ['The record no longer exists'] },
          })
        : new HttpError(409, ['This record was changed by someone else'], {
            message: 'This record was changed by someone else',
          });
    };
    await render(api, { canRevert: true, currentVersion: 1 });
    await waitInAct(() => expect(items()).toHaveLength(1));
    const revert = async () => {
      await click(buttonNamed('Revert this change'));
      await click(buttonNamed('Revert this change', query(document, '.fui-DialogSurface')));
    };
    await revert();
    await waitInAct(() =>
      expect(query(document, '[role="alert"]').textContent).toBe('Name: The record no longer exists'),
    );
    status = 409;
    await revert();
    await waitInAct(() =>
      expect(query(document, '[role="alert"]').textContent).toBe('This record was changed by someone else'),
    );
  });

  it('offers no revert without the right, the version or the call', async () => {
    await render(fakeApi({ first: page([entry(3, 'update')]) }), { canRevert: false, currentVersion: 1 });
    await waitInAct(() => expect(items()).toHaveLength(1));
    expect(() => buttonNamed('Revert this change')).toThrow();
  });
});

describe('ResourceApi’s timeline calls', () => {
  it('ask the record’s history (one list, as since SDK 1.0), timeline pages, overview, comments and revert routes', async () => {
    const seen = stubFetch(async (request) =>
      jsonResponse(200, {
        data:
          request.url.includes('timeline') && request.method === 'GET'
            ? page([])
            : request.url.endsWith('/history')
              ? []
              : {},
      }),
    );
    const kernel = await createTestKernel({ user: testUser([]) });
    const api = new ResourceApi(WALLETS, kernel.get(HttpClients));
    await api.history(5);
    await api.timeline(5);
    await api.timeline(5, 40);
    await api.overview(5, { withDeleted: true });
    await api.overview(5);
    await api.comment(5, 'Hi');
    await api.revert(5, 40, 3);
    expect(
      seen.map((request) => `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`),
    ).toEqual([
      'GET /finance/wallets/5/history',
      'GET /finance/wallets/5/timeline',
      'GET /finance/wallets/5/timeline?before=40',
      'GET /finance/wallets/5/overview?deleted=with',
      'GET /finance/wallets/5/overview',
      'POST /finance/wallets/5/comments',
      'POST /finance/wallets/5/history/40/revert',
    ]);
    expect(seen[5]?.body).toEqual({ text: 'Hi' });
    expect(seen[6]?.body).toEqual({ version: 3 });
  });
});
