import { ACCOUNT_BLOCKED } from '@core/shared/sign-in-refusals';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { LoginRoute } from '@core/web/auth/LoginRoute';
import { SessionStore } from '@core/web/services/session-store';
import { appRoutes } from '@core/web/shell/create-app-router';
import { buttonByText, query, submit, typeInto, click } from '../../../support/web/dom';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../support/web/fetch';
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

const LOGIN_URL = `${TEST_API}auth/auth/login`;
const USER = testUser(['JA'], { username: 'ann', email: 'ann@example.com' });

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The sign-in page at /login; every other path says where the page sent the user. */
const ROUTES: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '*', element: <p>elsewhere</p> },
];

interface LoginScreen {
  readonly kernel: TestKernel;
  readonly view: RenderedView;
  readonly email: HTMLInputElement;
  readonly password: HTMLInputElement;
  /** The text of the problem shown above the form, or null. */
  problem(): string | null;
  fillIn(email: string, password: string): Promise<void>;
  send(): Promise<void>;
}

async function openLogin(
  options: TestKernelOptions = {},
  routes: RouteObject[] = ROUTES,
  path = '/login',
): Promise<LoginScreen> {
  const kernel = await createTestKernel(options);
  const view = await renderRoutesInKernel(kernel, routes, { path });
  await waitInAct(() => expect(view.element.querySelector('form')).not.toBeNull());
  const email = query<HTMLInputElement>(view.element, 'input[type="email"]');
  const password = query<HTMLInputElement>(view.element, 'input[type="password"]');
  return {
    kernel,
    view,
    email,
    password,
    problem: () => view.element.querySelector('[role="alert"]')?.textContent ?? null,
    fillIn: async (emailValue, passwordValue) => {
      await typeInto(email, emailValue);
      await typeInto(password, passwordValue);
    },
    send: () => submit(query<HTMLFormElement>(view.element, 'form')),
  };
}

function answerLogin(handler: FetchHandler) {
  return stubFetch((request) => (request.url === LOGIN_URL ? handler(request) : jsonResponse(404, {})));
}

function loginAnswer(token = 'token-1') {
  return jsonResponse(200, { data: { user: USER, token } });
}

describe('LoginPage validation', () => {
  it('shows the page with no problem at first', async () => {
    const screen = await openLogin();
    expect(screen.view.element.textContent).toContain('Welcome back');
    expect(screen.problem()).toBeNull();
  });

  it('asks for every field on an empty submit, without calling the server', async () => {
    const seen = answerLogin(() => loginAnswer());
    const screen = await openLogin();
    await screen.send();
    expect(screen.problem()).toBe('Please fill in all required fields.');
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['', 'secret'],
    ['   ', 'secret'],
    ['ann@example.com', ''],
  ])('asks for every field with e-mail %j and password %j', async (email, password) => {
    const seen = answerLogin(() => loginAnswer());
    const screen = await openLogin();
    await screen.fillIn(email, password);
    await screen.send();
    expect(screen.problem()).toBe('Please fill in all required fields.');
    expect(seen).toHaveLength(0);
  });

  it.each(['ann', 'ann@', 'ann@example', '@example.com', 'an n@example.com'])(
    'rejects the e-mail %j',
    async (email) => {
      const seen = answerLogin(() => loginAnswer());
      const screen = await openLogin();
      await screen.fillIn(email, 'secret');
      await screen.send();
      expect(screen.problem()).toBe('Invalid email. Please try again.');
      expect(seen).toHaveLength(0);
    },
  );

  it('submits from the button too', async () => {
    const screen = await openLogin();
    await click(buttonByText(screen.view.element, "Let's Get Started"));
    expect(screen.problem()).toBe('Please fill in all required fields.');
  });

  it('speaks Russian when the language is Russian', async () => {
    const screen = await openLogin({ language: 'ru' });
    await screen.send();
    expect(screen.problem()).toBe('Пожалуйста, заполните все обязательные поля.');
  });
});

describe('LoginPage against the server', () => {
  it('says the pair is wrong on a 422, without a toast', async () => {
    answerLogin(() =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { email: ['These credentials do not match our records.'] },
      }),
    );
    const screen = await openLogin();
    const toasts = recordToasts(screen.kernel);
    await screen.fillIn('ann@example.com', 'wrong');
    await screen.send();
    await waitInAct(() => expect(screen.problem()).toBe('Invalid email or password. Please try again.'));
    expect(screen.view.path()).toBe('/login');
    expect(screen.kernel.storage.getItem('userData')).toBeNull();
    expect(screen.kernel.storage.getItem('authToken')).toBeNull();
    expect(toasts).toEqual([]);
  });

  it.each([
    ['en', 'This account is blocked. Ask an administrator to unblock it.'],
    ['ru', 'Эта учётная запись заблокирована. Обратитесь к администратору.'],
  ] as const)('says a blocked account is blocked (%s)', async (language, expected) => {
    answerLogin(() => jsonResponse(422, { message: ACCOUNT_BLOCKED, errors: { email: [ACCOUNT_BLOCKED] } }));
    const screen = await openLogin({ language });
    await screen.fillIn('ann@example.com', 'right-password');
    await screen.send();
    await waitInAct(() => expect(screen.problem()).toBe(expected));
    expect(screen.view.path()).toBe('/login');
  });

  it('shows the server message of another refusal', async () => {
    answerLogin(() => jsonResponse(429, { message: 'Too many attempts. Try again in a minute.' }));
    const screen = await openLogin();
    await screen.fillIn('ann@example.com', 'secret');
    await screen.send();
    await waitInAct(() => expect(screen.problem()).toBe('Too many attempts. Try again in a minute.'));
  });

  it('falls back to the generic message when the server says nothing useful', async () => {
    answerLogin(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const screen = await openLogin();
    await screen.fillIn('ann@example.com', 'secret');
    await screen.send();
    await waitInAct(() => expect(screen.problem()).toBe('An error occurred'));
    expect(consoleError).toHaveBeenCalled();
  });

  it('sends the trimmed e-mail and the password as typed', async () => {
    const seen = answerLogin(() => loginAnswer());
    const screen = await openLogin();
    await screen.fillIn('  ann@example.com ', ' secret ');
    await screen.send();
    await waitInAct(() => expect(seen).toHaveLength(1));
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toEqual({ email: 'ann@example.com', password: ' secret ' });
  });

  it('disables the button while the server thinks', async () => {
    let answer: (response: Response) => void = () => undefined;
    answerLogin(() => new Promise<Response>((resolve) => (answer = resolve)));
    const screen = await openLogin();
    const button = buttonByText(screen.view.element, "Let's Get Started");
    await screen.fillIn('ann@example.com', 'secret');
    await screen.send();
    expect(button.disabled).toBe(true);
    answer(jsonResponse(422, { message: 'no' }));
    await waitInAct(() => expect(screen.problem()).not.toBeNull());
    expect(button.disabled).toBe(false);
  });

  it('on success stores the user and token and returns to the saved route', async () => {
    answerLogin(() => loginAnswer('fresh-token'));
    const screen = await openLogin({ storage: { lastRoute: '/wallets?page=2' } });
    await screen.fillIn('ann@example.com', 'secret');
    await screen.send();
    await waitInAct(() => expect(screen.view.path()).toBe('/wallets?page=2'));
    expect(JSON.parse(screen.kernel.storage.getItem('userData') ?? 'null')).toEqual(USER);
    expect(screen.kernel.storage.getItem('authToken')).toBe('fresh-token');
    expect(screen.kernel.get(SessionStore).user).toEqual(USER);
    // The saved route is used once.
    expect(screen.kernel.storage.getItem('lastRoute')).toBeNull();
    expect(screen.view.router.state.historyAction).toBe('REPLACE');
  });

  it('on success without a saved route goes home', async () => {
    answerLogin(() => loginAnswer());
    const screen = await openLogin();
    await screen.fillIn('ann@example.com', 'secret');
    await screen.send();
    await waitInAct(() => expect(screen.view.path()).toBe('/'));
  });

  it('clears an earlier problem when a later attempt succeeds', async () => {
    answerLogin(() => loginAnswer());
    const screen = await openLogin();
    await screen.fillIn('ann', 'secret');
    await screen.send();
    expect(screen.problem()).toBe('Invalid email. Please try again.');
    await screen.fillIn('ann@example.com', 'secret');
    await screen.send();
    await waitInAct(() => expect(screen.view.path()).toBe('/'));
  });

  it('brings a visitor stopped by the guard back to where they were going', async () => {
    answerLogin(() => loginAnswer());
    const kernel = await createTestKernel();
    const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/dashboard/main' });
    expect(view.path()).toBe('/login');
    await waitInAct(() => expect(view.element.querySelector('form')).not.toBeNull());
    await typeInto(query<HTMLInputElement>(view.element, 'input[type="email"]'), 'ann@example.com');
    await typeInto(query<HTMLInputElement>(view.element, 'input[type="password"]'), 'secret');
    await submit(query<HTMLFormElement>(view.element, 'form'));
    await waitInAct(() => expect(view.element.textContent).toContain('Hello, ann'));
    expect(view.path()).toBe('/dashboard/main');
  });
});
