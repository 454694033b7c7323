import { act } from 'react';
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
const CODE_URL = `${TEST_API}auth/telegram/login-code`;
const BOT_LINK = 'https://t.me/agency_erp_bot?start=login';
const NOT_CONFIGURED = 'Messenger sign-in is not configured: set ERP_TELEGRAM_BOT_LINK and ERP_TELEGRAM_BOT_TOKEN.';
const NO_SIGN_IN_BOT = 'Sign-in through the bot is not available: no messenger bot with the sign-in handler is set up.';
/** A server without a bot that has the sign-in handler: the section falls back to the Login Widget's link. */
const noSignInBot = () => jsonResponse(503, { message: NO_SIGN_IN_BOT });
const USER = testUser(['JA'], { username: 'ann', email: 'ann@example.com' });
/** What Telegram signs: names may be in any script, so the payload is UTF-8. */
const PAYLOAD = {
  id: 424242,
  first_name: 'Аня',
  username: 'ann_tg',
  photo_url: 'https://t.me/i/userpic/ann.jpg',
  auth_date: 1_700_000_000,
  hash: 'a'.repeat(64),
};

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

async function openLogin(
  handler: FetchHandler,
  path = '/login',
  options: TestKernelOptions = {},
  routes = ROUTES,
): Promise<Screen> {
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

describe('Login via bot, on a server without a sign-in bot (the Login Widget)', () => {
  it('offers the bot on the sign-in page without fetching anything for it', async () => {
    const screen = await openLogin(
      serverWith({ [CODE_URL]: noSignInBot, [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }),
    );
    expect(buttonByText(screen.view.element, 'Login via bot')).toBeDefined();
    expect(screen.botSection()).toBeNull();
    expect(screen.seen).toHaveLength(0);
  });

  it('explains the steps and opens the bot dialog in a new window', async () => {
    const screen = await openLogin(
      serverWith({ [CODE_URL]: noSignInBot, [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }),
    );
    const section = await openBotSection(screen);
    expect(section.textContent).toContain('Press “Proceed to bot”: the bot dialog opens in a new window.');
    expect(section.textContent).toContain('Press Start there.');
    const proceed = buttonByText(section, 'Proceed to bot');
    await waitInAct(() => expect(proceed.disabled).toBe(false));
    expect(screen.seen.map((request) => [request.method, request.url])).toEqual([
      ['POST', CODE_URL],
      ['GET', LINK_URL],
    ]);
    await click(proceed);
    expect(open).toHaveBeenCalledExactlyOnceWith(BOT_LINK, '_blank', 'noopener,noreferrer');
  });

  it('shows the server’s message when the bot is not configured (503), without a toast', async () => {
    const screen = await openLogin(
      serverWith({ [CODE_URL]: noSignInBot, [LINK_URL]: () => jsonResponse(503, { message: NOT_CONFIGURED }) }),
    );
    const toasts = recordToasts(screen.kernel);
    const section = await openBotSection(screen);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe(NOT_CONFIGURED));
    expect(buttonByText(section, 'Proceed to bot').disabled).toBe(true);
    expect(open).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('does not follow a link that is not a web or messenger address', async () => {
    const screen = await openLogin(
      serverWith({
        [CODE_URL]: noSignInBot,
        [LINK_URL]: () => jsonResponse(200, { data: { link: 'javascript:alert(1)' } }),
      }),
    );
    const section = await openBotSection(screen);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe('An error occurred'));
    expect(buttonByText(section, 'Proceed to bot').disabled).toBe(true);
  });

  it('can be hidden again', async () => {
    const screen = await openLogin(
      serverWith({ [CODE_URL]: noSignInBot, [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }),
    );
    const section = await openBotSection(screen);
    await click(buttonByText(section, 'Hide'));
    expect(screen.botSection()).toBeNull();
    expect(buttonByText(screen.view.element, 'Login via bot')).toBeDefined();
  });

  it('speaks Russian when the language is Russian', async () => {
    const screen = await openLogin(
      serverWith({ [CODE_URL]: noSignInBot, [LINK_URL]: () => jsonResponse(200, { data: { link: BOT_LINK } }) }),
      '/login',
      { language: 'ru' },
    );
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
    const screen = await openLogin(serverWith({ [CHECK_URL]: signedIn }), `/login${fragmentOf(PAYLOAD)}`, {
      storage: { lastRoute: '/wallets?page=2' },
    });
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
      serverWith({
        [CHECK_URL]: () =>
          jsonResponse(422, { message: 'The given data was invalid.', errors: { dataTelegramAuthButton: [refusal] } }),
      }),
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
    const screen = await openLogin(
      serverWith({ [CHECK_URL]: () => jsonResponse(503, { message: NOT_CONFIGURED }) }),
      `/login${fragmentOf(PAYLOAD)}`,
    );
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
    await waitInAct(() =>
      expect(screen.problem()).toBe("The bot's sign-in answer could not be read. Please try again."),
    );
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

describe('Login via bot with a one-time code', () => {
  const CODE = 'Q2hlY2tNZUNvZGUtMDEyMzQ1Njc4OWFi';
  const CODE_LINK = `https://t.me/agency_erp_bot?start=${CODE}`;
  const EXPIRED = 'The sign-in code has expired. Ask for a new one.';
  const USED = 'This sign-in code has already been used.';
  const BLOCKED = 'This account is blocked. Ask an administrator to unblock it.';

  const issued =
    (link = CODE_LINK, lifetimeMs = 300_000) =>
    () =>
      jsonResponse(200, { data: { code: CODE, link, expiresAt: new Date(Date.now() + lifetimeMs).toISOString() } });
  const pending = () =>
    jsonResponse(202, { data: { status: 'pending', expiresAt: new Date(Date.now() + 300_000).toISOString() } });
  const signedIn = () => jsonResponse(200, { data: { user: USER, token: 'code-token' } });
  const refused = (message: string) => () => jsonResponse(422, { message, errors: { code: [message] } });

  /** Answers in turn, the last one from then on. */
  function inTurn(...answers: (() => Response)[]): () => Response {
    let next = 0;
    return () => (answers[Math.min(next++, answers.length - 1)] ?? pending)();
  }

  /** Lets `ms` of the page's timers run (the 2 s polls, the countdown). */
  async function pass(ms: number): Promise<void> {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  const checks = (screen: Screen) => screen.seen.filter((request) => request.url === CHECK_URL);

  async function proceedToBot(screen: Screen): Promise<HTMLElement> {
    const section = await openBotSection(screen);
    const proceed = buttonByText(section, 'Proceed to bot');
    await waitInAct(() => expect(proceed.disabled).toBe(false));
    await click(proceed);
    return section;
  }

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a code when the section opens, explains the steps and opens the bot with the code from the click', async () => {
    const screen = await openLogin(serverWith({ [CODE_URL]: issued(), [CHECK_URL]: pending }));
    const section = await openBotSection(screen);
    expect(section.textContent).toContain('Press Start there.');
    expect(section.textContent).toContain('Come back to this page: it signs you in by itself.');
    const proceed = buttonByText(section, 'Proceed to bot');
    await waitInAct(() => expect(proceed.disabled).toBe(false));
    expect(screen.seen.map((request) => [request.method, request.url, request.body])).toEqual([['POST', CODE_URL, {}]]);
    await click(proceed);
    expect(open).toHaveBeenCalledExactlyOnceWith(CODE_LINK, '_blank', 'noopener,noreferrer');
    await waitInAct(() =>
      expect(section.querySelector('[data-testid="bot-waiting"]')?.textContent).toMatch(
        /Waiting for Start in the bot… Time left: 4:5\d/,
      ),
    );
  });

  it('asks every 2 s whether the bot has bound the code, then signs in and goes home, without a toast', async () => {
    const screen = await openLogin(
      serverWith({ [CODE_URL]: issued(), [CHECK_URL]: inTurn(pending, pending, signedIn) }),
    );
    const toasts = recordToasts(screen.kernel);
    await proceedToBot(screen);
    expect(checks(screen)).toHaveLength(0);
    await pass(2_000);
    await waitInAct(() => expect(checks(screen)).toHaveLength(1));
    expect(checks(screen)[0]?.body).toEqual({ code: CODE });
    await pass(2_000);
    await waitInAct(() => expect(checks(screen)).toHaveLength(2));
    await pass(2_000);
    await waitInAct(() => expect(screen.view.path()).toBe('/'));
    expect(checks(screen)).toHaveLength(3);
    expect(screen.kernel.get(SessionStore).user).toEqual(USER);
    expect(screen.kernel.storage.getItem('authToken')).toBe('code-token');
    expect(toasts).toEqual([]);
  });

  it('stops asking once the section is hidden', async () => {
    const screen = await openLogin(serverWith({ [CODE_URL]: issued(), [CHECK_URL]: pending }));
    const section = await proceedToBot(screen);
    await pass(2_000);
    await waitInAct(() => expect(checks(screen)).toHaveLength(1));
    await click(buttonByText(section, 'Hide'));
    await pass(10_000);
    expect(checks(screen)).toHaveLength(1);
  });

  it.each([
    ['expired', EXPIRED, EXPIRED],
    ['already used', USED, USED],
    ['for a blocked account', BLOCKED, BLOCKED],
  ])('says so when the code is %s, stops asking, and gets a new code on request', async (_what, sent, shown) => {
    const screen = await openLogin(serverWith({ [CODE_URL]: issued(), [CHECK_URL]: refused(sent) }));
    const toasts = recordToasts(screen.kernel);
    const section = await proceedToBot(screen);
    await pass(2_000);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe(shown));
    await pass(6_000);
    expect(checks(screen)).toHaveLength(1);
    expect(toasts).toEqual([]);
    await click(buttonByText(section, 'Get a new code'));
    await waitInAct(() => expect(buttonByText(section, 'Proceed to bot').disabled).toBe(false));
    expect(screen.seen.filter((request) => request.url === CODE_URL)).toHaveLength(2);
    expect(section.querySelector('[role="alert"]')).toBeNull();
  });

  it('says a code has lapsed when its time runs out, even before the user went to the bot', async () => {
    const screen = await openLogin(serverWith({ [CODE_URL]: issued(CODE_LINK, 3_000), [CHECK_URL]: pending }));
    const section = await openBotSection(screen);
    await waitInAct(() => expect(buttonByText(section, 'Proceed to bot').disabled).toBe(false));
    await pass(4_000);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe(EXPIRED));
    expect(buttonByText(section, 'Get a new code')).toBeDefined();
    expect(checks(screen)).toHaveLength(0);
  });

  it('does not follow a code link that is not a web or messenger address', async () => {
    const screen = await openLogin(serverWith({ [CODE_URL]: issued('javascript:alert(1)') }));
    const section = await openBotSection(screen);
    await waitInAct(() => expect(section.querySelector('[role="alert"]')?.textContent).toBe('An error occurred'));
    expect(buttonByText(section, 'Proceed to bot').disabled).toBe(true);
    expect(screen.seen.map((request) => request.url)).toEqual([CODE_URL]);
  });

  it('speaks Russian while waiting', async () => {
    const screen = await openLogin(serverWith({ [CODE_URL]: issued(), [CHECK_URL]: pending }), '/login', {
      language: 'ru',
    });
    await click(buttonByText(screen.view.element, 'Войти через бота'));
    await waitInAct(() => expect(screen.botSection()).not.toBeNull());
    const section = screen.botSection() as HTMLElement;
    const proceed = buttonByText(section, 'Перейти к боту');
    await waitInAct(() => expect(proceed.disabled).toBe(false));
    await click(proceed);
    await waitInAct(() => expect(section.textContent).toContain('Осталось: 4:5'));
  });
});
