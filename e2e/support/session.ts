import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { createUser } from './admin-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';
import { telegramLogin, telegramResultFragment } from './telegram';

/** Fills in the sign-in form on /login and sends it; where the app goes next is the caller's to check. */
export async function submitSignIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: "Let's Get Started" }).click();
}

/** Opens /login, signs in and waits for Main. */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/main$/);
}

/**
 * Sets (or, for null, removes) local storage entries of the app's origin without starting the app:
 * the next `page.goto` starts it on them. `/api/health` is a same-origin JSON answer, so no page
 * code runs and nothing reads or writes the storage in between.
 */
export async function setStorage(page: Page, entries: Readonly<Record<string, string | null>>): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  }, entries);
}

/** The stored user (`localStorage.userData`) as the page sees it, or null. */
export async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate(() => localStorage.getItem('userData'));
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

/**
 * Signs in through the messenger bot as the browser does once Telegram has confirmed: Telegram's
 * redirect mode brings the browser back to /login with the signed login data in the fragment
 * (`#tgAuthResult=…`), and the login page sends it to POST telegram/auth-check and stores the
 * answer. The server must run with TELEGRAM_ENV. Where the app goes next is the caller's to check.
 */
export async function signInWithTelegram(page: Page, telegramId: number): Promise<void> {
  await page.goto(`/login${telegramResultFragment(telegramLogin(telegramId))}`);
}

export interface UserWithoutEmail {
  readonly id: number;
  readonly username: string;
  readonly telegramId: number;
}

/**
 * A new user with no e-mail who signs in through the messenger bot (a user's e-mail may be null),
 * created through the admin API (POST users). Ids are random so calls never clash on one server.
 */
export async function createUserWithoutEmail(baseURL: string): Promise<UserWithoutEmail> {
  const telegramId = randomInt(100_000_000, 2_000_000_000);
  const username = `tess-${telegramId}`;
  const user = await createUser(baseURL, {
    username,
    tg_user_id: telegramId,
    tg_login: `tess_${telegramId}`,
    password: 'tess-password-1',
    roles: [],
  });
  expect(user).toMatchObject({ username, email: null, tg_user_id: telegramId });
  return { id: user.id, username, telegramId };
}

/**
 * Shows EnterEmail to a real user without an e-mail, for looking at the page (accessibility scans,
 * screenshots): one is created and signed in through the bot, and the app takes them there.
 * The server at `baseURL` must run with TELEGRAM_ENV.
 */
export async function showEnterEmail(page: Page, baseURL: string): Promise<UserWithoutEmail> {
  const user = await createUserWithoutEmail(baseURL);
  await signInWithTelegram(page, user.telegramId);
  await expect(page).toHaveURL(/\/enter-email$/);
  await expect(page.getByRole('heading', { name: 'Continue registration' })).toBeVisible();
  return user;
}
