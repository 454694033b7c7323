import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@core/web/http/http-error';
import { SignInScreen } from '@core/web/auth/SignInScreen';
import type { SignInHost } from '@core/web/auth/sign-in-host';
import { loadLoginStrings, type Translate } from '@core/web/i18n/login-strings';
import { storedThemeChoices } from '@core/web/theme/theme-choices';
import { LANGUAGES } from '@core/shared/runtime-config';
import { buttonByText, query, submit, typeInto } from '../../../support/web/dom';
import { FakeMediaQueryList, MemoryStorage, mount, waitInAct } from '../../../support/web/test-kernel';

// The bare sign-in screen the first download shows: no kernel, router or i18next under it.

const authDir = resolve(import.meta.dirname, '../../../../core/web/auth');

/** Every key the sign-in screen's components look up, as written in their source. */
const usedKeys = ['LoginPage.tsx', 'BotSignIn.tsx'].flatMap((file) =>
  [...readFileSync(resolve(authDir, file), 'utf8').matchAll(/\bt\('([^']+)'\)/g)].map((match) => match[1] ?? ''),
);

function fakeHost(overrides: Partial<SignInHost> = {}): SignInHost {
  return {
    signIn: vi.fn(async () => undefined),
    signInWithTelegram: vi.fn(async () => undefined),
    botLink: vi.fn(async () => 'https://t.me/agency_erp_bot?start=login'),
    loginCode: vi.fn(async () => null),
    signInWithCode: vi.fn(
      async () => ({ status: 'pending', expiresAt: new Date(Date.now() + 300_000).toISOString() }) as const,
    ),
    proceed: vi.fn(),
    forgetFragment: vi.fn(),
    ...overrides,
  };
}

async function show(
  host: SignInHost,
  options: { strings?: Translate; storage?: Record<string, string>; systemDark?: boolean } = {},
) {
  const strings = options.strings ?? (await loadLoginStrings('en'));
  const view = await mount(
    <SignInScreen
      host={host}
      strings={strings}
      productName="Test Office"
      theme={storedThemeChoices(new MemoryStorage(options.storage))}
      colorSchemeQuery={new FakeMediaQueryList(options.systemDark ?? false)}
      fragment=""
    />,
  );
  await waitInAct(() => expect(view.element.querySelector('form')).not.toBeNull());
  return view;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete document.documentElement.dataset.theme;
});

describe('the sign-in strings', () => {
  it('are found by the screen’s code', () => {
    expect(usedKeys.length).toBeGreaterThan(15);
    expect(usedKeys).toContain('login.welcome');
  });

  it.each(LANGUAGES)('give every key the screen uses in %s', async (language) => {
    const t = await loadLoginStrings(language);
    expect(usedKeys.filter((key) => t(key) === key)).toEqual([]);
  });

  it('are the language asked for, an unknown key coming back as itself', async () => {
    const t = await loadLoginStrings('ru');
    expect(t('login.submit')).not.toBe("Let's Get Started");
    expect(t('login.nothing.here')).toBe('login.nothing.here');
  });
});

describe('SignInScreen', () => {
  it('shows Login, titled as the app titles it, in the stored theme', async () => {
    const view = await show(fakeHost(), { storage: { 'color-scheme': 'dark' } });
    expect(view.element.textContent).toContain('Welcome back');
    expect(document.title).toBe('Welcome back · Test Office');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('follows the system scheme when none is stored', async () => {
    await show(fakeHost(), { systemDark: true });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('signs in through its host and then lets it take the user on', async () => {
    const host = fakeHost();
    const view = await show(host);
    await typeInto(query<HTMLInputElement>(view.element, 'input[type="email"]'), ' ann@example.com ');
    await typeInto(query<HTMLInputElement>(view.element, 'input[type="password"]'), 'secret');
    await submit(query<HTMLFormElement>(view.element, 'form'));
    await waitInAct(() => expect(host.proceed).toHaveBeenCalledOnce());
    expect(host.signIn).toHaveBeenCalledWith('ann@example.com', 'secret');
  });

  it('stays, saying why, when the host’s sign-in is refused', async () => {
    const host = fakeHost({
      signIn: vi.fn(async () => {
        throw new HttpError(422, ['These credentials do not match our records.'], {});
      }),
    });
    const view = await show(host, { strings: await loadLoginStrings('ru') });
    await typeInto(query<HTMLInputElement>(view.element, 'input[type="email"]'), 'ann@example.com');
    await typeInto(query<HTMLInputElement>(view.element, 'input[type="password"]'), 'wrong');
    await submit(query<HTMLFormElement>(view.element, 'form'));
    await waitInAct(() =>
      expect(view.element.querySelector('[role="alert"]')?.textContent).toBe(
        'Неверная эл. почта или пароль. Попробуйте снова.',
      ),
    );
    expect(host.proceed).not.toHaveBeenCalled();
    expect(buttonByText(view.element, 'Начнём').disabled).toBe(false);
  });
});
