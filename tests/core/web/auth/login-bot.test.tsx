import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { LoginRoute } from '@core/web/auth/LoginRoute';
import { SessionStore } from '@core/web/services/session-store';
import { appRoutes } from '@core/web/shell/create-app-router';
import { buttonByText, click } from '../../../support/web/dom';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../../support/web/fetch';
import {
  createTestKernel,
  recordToasts,
  renderRoutesInKernel,
  testUser,
  TEST_API,
  waitInAct,
  type RenderedView,
  type TestKernel,
  type TestKernelOptions,
} from '../../../support/web/test-kernel';

const LINK_URL = `${TEST_API}auth/telegram/link`;
const CHECK_URL = `${TEST_API}auth/telegram/auth-check`;
const BOT_LINK = 'https://t.me/agency_erp_bot?start=login';
const NOT_CONFIGURED = 'Messenger sign-in is not configured: set ERP_TELEGRAM_BOT_LINK and ERP_TELEGRAM_BOT_TOKEN.';
const USER = testUser(['JA'], { username: 'ann', email: 'ann@example.com' });
/** What Telegram signs: names may be in any script, so the payload is UTF-8. */
const PAYLOAD = { id: 424242, first_name: 'Аня', username: 'ann_tg', photo_url: 'https://t.me/i/userpic/ann.jpg', auth_date: 1_700_000_000, hash: 'a'.repeat(64) };

const fragmentOf = (value: unknown, encoding: BufferEncoding = 'base64url') =>
  `#tgAuthResult=${Buffer.from(JSON.stringify(value), 'utf8').toString(encoding)}`;

let consoleError: MockInstance<typeof console.error>;
let open: MockInstance<typeof window.open>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '*', element: <p>elsewhere</p> },
];

interface Screen {
  readonly kernel: TestKernel;
  readonly view: RenderedView;
  readonly seen: SeenRequest[];
  problem(): string | null;
  botSection(): HTMLElement | null;
}

async function openLogin(handler: FetchHandler, path = '/login', options: TestKernelOptions = {}, routes = ROUTES): Promise<Screen> {
  const seen = stubFetch(handler);
  const kernel = await createTestKernel(options);
  const view = await renderRoutesInKernel(kernel, routes, { path });
  // A successful bot sign-in may already have left the page.
  await waitInAct(() => expect(view.element.textContent).not.toBe(''));
  return {
    kernel,
    view,
    seen,
    problem: () => view.element.querySelector('form [role="alert"]')?.textContent ?? null,
    botSection: () => view.element.querySelector<HTMLElement>('section[aria-labelledby="bot-sign-in-title"]'),
  };
}

function serverWith(routes: Readonly<Record<string, () => Response>>): FetchHandler {
  return (request) => routes[request.url]?.() ?? jsonResponse(404, { message: 'Not found.' });
}

async function openBotSection(screen: Screen): Promise<HTMLElement> {
  await click(buttonByText(screen.view.element, 'Login via bot'));
  await waitInAct(() => expect(screen.botSection()).not.toBeNull());
  const section = screen.botSection();
  if (!section) throw new Error('no bot section');
  return section;
}

describe('Login via bot', () => {
  it('offers the bot on the sign-in page without fetching anything for it', async () => {
    const screen = await openLogin(serverWith({ [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }));
    expect(buttonByText(screen.view.element, 'Login via bot')).toBeDefined();
    expect(screen.botSection()).toBeNull();
    expect(screen.seen).toHaveLength(0);
  });

  it('explains the steps and opens the bot dialog in a new window', async () => {
    const screen = await openLogin(serverWith({ [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }));
    const section = await openBotSection(screen);
    expect(section.textContent).toContain('Press “Proceed to bot”: the bot dialog opens in a new window.');
    expect(section.textContent).toContain('Press Start there.');
    const proceed = buttonByText(section, 'Proceed to bot');
    await waitInAct(() => expect(proceed.disabled).toBe(false));
    expect(screen.seen.map((request) => [request.method, request.url])).toEqual([['GET', LINK_URL]]);
    await click(proceed);
    expect(open).toHaveBeenCalledExactlyOnceWith(BOT_LINK, '_blank', 'noopener,noreferrer');
  });

  it('shows the server’s message when the bot is not configured (503), without a toast', async () => {
    const screen = await openLogin(serverWith({ [LINK_URL]: () => jsonResponse(503, { message: NOT_CONFIGURED }) }));
    const toasts = recordToasts(screen.kernel);
    const section = await openBotSection(screen);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe(NOT_CONFIGURED));
    expect(buttonByText(section, 'Proceed to bot').disabled).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('does not follow a link that is not a web or messenger address', async () => {
    const screen = await openLogin(serverWith({ [LINK_URL]: () => jsonResponse(200, { data: { link: 'javascript:alert(1)' } }) }));
    const section = await openBotSection(screen);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe('An error occurred'));
    expect(buttonByText(section, 'Proceed to bot').disabled).toBe(true);
  });

  it('can be hidden again', async () => {
    const screen = await openLogin(serverWith({ [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }));
    const section = await openBotSection(screen);
    await click(buttonByText(section, 'Hide'));
    expect(screen.botSection()).toBeNull();
    expect(buttonByText(screen.view.element, 'Login via bot')).toBeDefined();
  });

  it('speaks Russian when the language is Russian', async () => {
    const screen = await openLogin(serverWith({ [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }), '/login', { language: 'ru' });
    await click(buttonByText(screen.view.element, 'Войти через бота'));
    await waitInAct(() => expect(screen.botSection()?.textContent).toContain('Перейти к боту'));
  });
});

describe('the bot sign-in result (#tgAuthResult)', () => {
  const signedIn = () => jsonResponse(200, { data: { user: USER, token: 'tg-token' } });

  it('posts the decoded data, stores the session, clears the fragment and goes home, without a toast', async () => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), `/login${fragmentOf(PAYLOAD)}`);
    const toasts = recordToasts(screen.kernel);
    await waitInAct(() => expect(screen.view.path()).toBe('/'));
    expect(screen.view.router.state.location.hash).toBe('');
    expect(screen.seen).toHaveLength(1);
    expect(screen.seen[0]).toMatchObject({ method: 'POST', url: CHECK_URL, body: { dataTelegramAuthButton: PAYLOAD } });
    expect(screen.kernel.get(SessionStore).user).toEqual(USER);
    expect(JSON.parse(screen.kernel.storage.getItem('userData') ?? 'null')).toEqual(USER);
    expect(screen.kernel.storage.getItem('authToken')).toBe('tg-token');
    expect(toasts).toEqual([]);
  });

  it('returns to the remembered route', async () => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), `/login${fragmentOf(PAYLOAD)}`, { storage: { lastRoute: '/wallets?page=2' } });
    await waitInAct(() => expect(screen.view.path()).toBe('/wallets?page=2'));
    expect(screen.kernel.storage.getItem('lastRoute')).toBeNull();
  });

  it('accepts standard base64 with padding, as well as base64url', async () => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), `/login${fragmentOf(PAYLOAD, 'base64')}`);
    await waitInAct(() => expect(screen.view.path()).toBe('/'));
    expect(screen.seen[0]?.body).toEqual({ dataTelegramAuthButton: PAYLOAD });
  });

  it('signs in only once, however often the page renders', async () => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), `/login${fragmentOf(PAYLOAD)}`);
    await waitInAct(() => expect(screen.view.path()).toBe('/'));
    expect(screen.seen.filter((request) => request.url === CHECK_URL)).toHaveLength(1);
  });

  it('in the app, lands on the remembered page, signed in', async () => {
    const seen = stubFetch(serverWith({ [CHECK_URL]: signedIn }));
    const kernel = await createTestKernel({ storage: { lastRoute: '/settings' } });
    const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: `/login${fragmentOf(PAYLOAD)}` });
    await waitInAct(() => expect(view.path()).toBe('/settings'));
    await waitInAct(() => expect(view.element.textContent).toContain('Nothing to set yet'));
    expect(seen.map((request) => request.url)).toEqual([CHECK_URL]);
  });

  it('shows the server’s message when the data is refused, keeps the user signed out and clears the fragment', async () => {
    const refusal = 'No user is linked to this Telegram account.';
    const screen = await openLogin(
      serverWith({ [CHECK_URL]: () => jsonResponse(422, { message: 'The given data was invalid.', errors: { dataTelegramAuthButton: [refusal] } }) }),
      `/login${fragmentOf(PAYLOAD)}`,
    );
    const toasts = recordToasts(screen.kernel);
    await waitInAct(() => expect(screen.problem()).toBe(refusal));
    expect(screen.view.path()).toBe('/login');
    expect(screen.view.router.state.location.hash).toBe('');
    expect(screen.kernel.get(SessionStore).user).toBeNull();
    expect(screen.kernel.storage.getItem('authToken')).toBeNull();
    expect(toasts).toEqual([]);
    // The form is usable again.
    expect(buttonByText(screen.view.element, "Let's Get Started").disabled).toBe(false);
  });

  it('shows the server’s message when messenger sign-in is not configured (503)', async () => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: () => jsonResponse(503, { message: NOT_CONFIGURED }) }), `/login${fragmentOf(PAYLOAD)}`);
    const toasts = recordToasts(screen.kernel);
    await waitInAct(() => expect(screen.problem()).toBe(NOT_CONFIGURED));
    expect(toasts).toEqual([]);
  });

  it.each([
    ['not base64', '#tgAuthResult=%%%not-base64%%%'],
    ['not JSON', `#tgAuthResult=${Buffer.from('hello').toString('base64url')}`],
    ['no hash', fragmentOf({ ...PAYLOAD, hash: undefined })],
    ['an id that is not a number', fragmentOf({ ...PAYLOAD, id: '424242' })],
    ['a field that is an object', fragmentOf({ ...PAYLOAD, extra: { nested: true } })],
    ['a list', fragmentOf([PAYLOAD])],
    ['nothing at all', '#tgAuthResult='],
  ])('says the answer could not be read when it is %s, without calling the server', async (_label, fragment) => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), `/login${fragment}`);
    const toasts = recordToasts(screen.kernel);
    await waitInAct(() => expect(screen.problem()).toBe("The bot's sign-in answer could not be read. Please try again."));
    expect(screen.seen).toHaveLength(0);
    expect(screen.view.router.state.location.hash).toBe('');
    expect(screen.kernel.get(SessionStore).user).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('ignores other fragments', async () => {
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), '/login#section');
    await waitInAct(() => expect(screen.view.element.textContent).toContain('Welcome back'));
    expect(screen.seen).toHaveLength(0);
    expect(screen.problem()).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
