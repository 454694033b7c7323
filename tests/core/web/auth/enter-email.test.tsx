import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '@core/web/services/session-store';
import { appRoutes } from '@core/web/shell/create-app-router';
import { buttonByText, click, query, submit, typeInto } from '../../../support/web/dom';
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

const UPDATE_URL = `${TEST_API}auth/user/update`;
const LOGOUT_URL = `${TEST_API}auth/auth/logout`;
const NO_EMAIL = testUser(['JA'], { username: 'ann', email: null });

beforeEach(() => {
  // Failures the client cannot show (500) are logged; the page reports them itself.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Screen {
  readonly kernel: TestKernel;
  readonly view: RenderedView;
  readonly input: HTMLInputElement;
  problem(): string | null;
  send(email: string): Promise<void>;
}

/** EnterEmail through the app's own routes, as a user without an e-mail who just opened the app. */
async function openEnterEmail(
  handler: FetchHandler,
  options: TestKernelOptions = {},
): Promise<Screen & { seen: ReturnType<typeof stubFetch> }> {
  const seen = stubFetch(handler);
  const kernel = await createTestKernel({ user: NO_EMAIL, token: 'token-1', ...options });
  const view = await renderRoutesInKernel(kernel, appRoutes(kernel.host), { path: '/enter-email' });
  await waitInAct(() => expect(view.element.querySelector('form')).not.toBeNull());
  const input = query<HTMLInputElement>(view.element, 'input[type="email"]');
  return {
    kernel,
    view,
    input,
    seen,
    problem: () => view.element.querySelector('[role="alert"]')?.textContent ?? null,
    send: async (email) => {
      await typeInto(input, email);
      await submit(query<HTMLFormElement>(view.element, 'form'));
    },
  };
}

const updated = (email: string) => jsonResponse(200, { data: { ...NO_EMAIL, email } });

describe('EnterEmail page', () => {
  it('asks the user to continue registration with an e-mail', async () => {
    const screen = await openEnterEmail(() => jsonResponse(404, {}));
    expect(screen.view.element.textContent).toContain('Continue registration');
    expect(screen.view.element.textContent).toContain(
      'Your account has no e-mail yet. Enter one to continue registration.',
    );
    expect(screen.view.element.textContent).toContain('Signed in as ann');
    expect(screen.problem()).toBeNull();
  });

  it('on success stores the e-mail on the user and goes to Main', async () => {
    const screen = await openEnterEmail((request) =>
      request.url === UPDATE_URL ? updated('ann@example.com') : jsonResponse(404, {}),
    );
    const toasts = recordToasts(screen.kernel);
    await screen.send('  ann@example.com ');
    await waitInAct(() => expect(screen.view.path()).toBe('/dashboard/main'));
    await waitInAct(() => expect(screen.view.element.textContent).toContain('Hello, ann'));
    // Main then reads the user's dashboard layout; the e-mail is sent once.
    const updates = screen.seen.filter((request) => request.url === UPDATE_URL);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ method: 'POST', url: UPDATE_URL, body: { email: 'ann@example.com' } });
    expect(screen.kernel.get(SessionStore).user?.email).toBe('ann@example.com');
    expect(JSON.parse(screen.kernel.storage.getItem('userData') ?? 'null')).toEqual({
      ...NO_EMAIL,
      email: 'ann@example.com',
    });
    // Silent: the page moves on, no toast.
    expect(toasts).toEqual([]);
  });

  it.each(['ann', 'ann@', 'ann@example', 'an n@example.com'])(
    'rejects %j on the client, without calling the server',
    async (email) => {
      const screen = await openEnterEmail(() => updated('x@example.com'));
      await screen.send(email);
      expect(screen.problem()).toBe('Invalid email. Please try again.');
      expect(screen.seen).toHaveLength(0);
      expect(screen.view.path()).toBe('/enter-email');
    },
  );

  it('asks for the field when it is empty', async () => {
    const screen = await openEnterEmail(() => updated('x@example.com'));
    await click(buttonByText(screen.view.element, 'Continue'));
    expect(screen.problem()).toBe('Please fill in all required fields.');
    expect(screen.seen).toHaveLength(0);
  });

  it('says the update failed when the server fails, without a toast', async () => {
    const screen = await openEnterEmail(() => jsonResponse(500, { message: 'Server Error' }));
    const toasts = recordToasts(screen.kernel);
    await screen.send('ann@example.com');
    await waitInAct(() => expect(screen.problem()).toBe('Error updating email. Please try again.'));
    expect(screen.view.path()).toBe('/enter-email');
    expect(screen.kernel.get(SessionStore).user?.email).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('shows the server’s message about the e-mail on a 422', async () => {
    const screen = await openEnterEmail(() =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { email: ['The email has already been taken.'] },
      }),
    );
    const toasts = recordToasts(screen.kernel);
    await screen.send('bob@example.com');
    await waitInAct(() => expect(screen.problem()).toBe('The email has already been taken.'));
    expect(toasts).toEqual([]);
    expect(screen.kernel.get(SessionStore).user?.email).toBeNull();
  });

  it('falls back to the update message on a 422 about something else', async () => {
    const screen = await openEnterEmail(() => jsonResponse(422, { message: 'Nope.', errors: { other: ['Nope.'] } }));
    await screen.send('bob@example.com');
    await waitInAct(() => expect(screen.problem()).toBe('Error updating email. Please try again.'));
  });

  it('says the update failed when no answer arrives', async () => {
    const screen = await openEnterEmail(() => Promise.reject(new TypeError('Failed to fetch')));
    await screen.send('ann@example.com');
    await waitInAct(() => expect(screen.problem()).toBe('Error updating email. Please try again.'));
  });

  it('disables the button while the server thinks', async () => {
    let answer: (response: Response) => void = () => undefined;
    const screen = await openEnterEmail(() => new Promise<Response>((resolve) => (answer = resolve)));
    const button = buttonByText(screen.view.element, 'Continue');
    await screen.send('ann@example.com');
    expect(button.disabled).toBe(true);
    answer(jsonResponse(500, {}));
    await waitInAct(() => expect(screen.problem()).not.toBeNull());
    expect(button.disabled).toBe(false);
  });

  it('lets the user sign out instead', async () => {
    const screen = await openEnterEmail((request) =>
      request.url === LOGOUT_URL ? jsonResponse(200, { data: { signed_out: true } }) : jsonResponse(404, {}),
    );
    await click(buttonByText(screen.view.element, 'Sign out'));
    await waitInAct(() => expect(screen.view.path()).toBe('/login'));
    await waitInAct(() => expect(screen.view.element.textContent).toContain('Welcome back'));
    expect(screen.kernel.get(SessionStore).user).toBeNull();
    expect(screen.seen.map((request) => request.url)).toEqual([LOGOUT_URL]);
  });

  it('speaks Russian when the language is Russian', async () => {
    const screen = await openEnterEmail(() => jsonResponse(500, {}), { language: 'ru' });
    expect(screen.view.element.textContent).toContain('Продолжение регистрации');
    await screen.send('ann@example.com');
    await waitInAct(() => expect(screen.problem()).toBe('Ошибка при обновлении эл. почты. Попробуйте снова.'));
    await screen.send('ann');
    expect(screen.problem()).toBe('Неверный адрес эл. почты. Попробуйте снова.');
  });
});
