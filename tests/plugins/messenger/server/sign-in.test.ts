import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BotHandlerContext, MessengerSignIn, MessengerUpdate, SignInCodeBinding } from '@core/sdk/server';
import { SIGN_IN_REPLIES, signInHandler } from '@plugins/messenger/server/handlers/sign-in-handler';
import { addUser, DB_TIMEOUT, postWithXsrf } from '@core/sdk/testing';
import { messengerApp, textUpdate, type MessengerTestApp } from './messenger-support';

/** The `messenger.sign-in` handler class: binding the login screen's code, replying in the user's language. */

const BOT = { id: 1, name: 'Sign-in bot', username: 'agency_test_bot', messenger: 'telegram' };

function update(
  text: string | null,
  from: MessengerUpdate['from'] = { id: 555, username: null, firstName: 'Ann', languageCode: 'en' },
): MessengerUpdate {
  return { updateId: 1, chatId: 555, from, text, raw: {} };
}

/** Runs the handler with a fake sign-in answering `binding`; the codes it was asked to bind and what it replied. */
async function handled(text: string | null, binding: SignInCodeBinding, language: 'en' | 'ru' = 'en') {
  const bound: [string, number][] = [];
  const replies: string[] = [];
  const signIn: MessengerSignIn = {
    async bindCode(code, messengerUserId) {
      bound.push([code, messengerUserId]);
      return binding;
    },
    provideBotLink: () => undefined,
  };
  const context: BotHandlerContext = {
    language,
    reply: async (reply) => void replies.push(reply),
    send: async () => undefined,
  };
  await signInHandler(signIn).handle(update(text), BOT, context);
  return { bound, replies };
}

describe('the sign-in handler', () => {
  it('binds the code of /start to the sender and says how it went, in English and Russian', async () => {
    const bindings: SignInCodeBinding[] = ['bound', 'no-account', 'blocked', 'expired', 'used', 'unknown'];
    for (const binding of bindings) {
      for (const language of ['en', 'ru'] as const) {
        const { bound, replies } = await handled('/start abcDEF_123-xyz', binding, language);
        expect(bound).toEqual([['abcDEF_123-xyz', 555]]);
        expect(replies).toEqual([SIGN_IN_REPLIES[binding][language]]);
      }
    }
    expect(SIGN_IN_REPLIES.bound.en).toBe('You are signed in. Return to the browser.');
    expect(SIGN_IN_REPLIES['no-account'].en).toMatch(/^No user is linked to this Telegram account\./);
    expect((await handled('/start@agency_test_bot code42', 'bound')).bound).toEqual([['code42', 555]]);
  });

  it('explains how to sign in on /start without a code or any other message', async () => {
    for (const text of ['/start', '/start   ', 'hello', null]) {
      const { bound, replies } = await handled(text, 'bound');
      expect(bound).toEqual([]);
      expect(replies).toEqual([SIGN_IN_REPLIES['no-code'].en]);
    }
    expect((await handled('/start', 'bound', 'ru')).replies).toEqual([SIGN_IN_REPLIES['no-code'].ru]);
  });
});

describe('sign-in through the bot, with the kernel’s codes', () => {
  let t: MessengerTestApp;
  beforeAll(async () => {
    t = await messengerApp();
  }, DB_TIMEOUT);
  afterAll(() => t.close());

  const loginCode = () => postWithXsrf(t.app, '/api/auth/telegram/login-code', { payload: {} });
  const authCheck = (code: string) => postWithXsrf(t.app, '/api/auth/telegram/auth-check', { payload: { code } });

  it('offers the bot link once a sign-in bot’s user name is known, binds the code on Start and signs the account in', async () => {
    expect((await loginCode()).statusCode).toBe(503);
    const bot = await t.addBot('messenger.sign-in', { type: 'sign-in' });
    // Its user name is learnt by checking the token.
    expect((await loginCode()).statusCode).toBe(503);
    await t.call(['MB'], 'POST', `bots/${bot}/check-token`);

    const unlinked = (await loginCode()).json().data as { code: string; link: string };
    expect(unlinked.link).toBe(`https://t.me/agency_test_bot?start=${unlinked.code}`);
    t.telegram.chats.add(4242);
    await t.deliver(bot, textUpdate(1, `/start ${unlinked.code}`, { id: 4242, language_code: 'ru' }, 4242));
    await vi.waitFor(() =>
      expect(t.telegram.sent.at(-1)).toEqual({ chatId: 4242, text: SIGN_IN_REPLIES['no-account'].ru }),
    );
    expect((await authCheck(unlinked.code)).json().message).toBe('No user is linked to this Telegram account.');

    const user = await addUser(t.db, {
      username: 'tg-user',
      email: 'tg-user@example.com',
      password: 'Secret-pass-123',
    });
    await t.db.query('UPDATE core.users SET tg_user_id = $1 WHERE id = $2', [4343, user]);
    t.telegram.chats.add(4343);
    const issued = (await loginCode()).json().data as { code: string };
    expect((await authCheck(issued.code)).statusCode).toBe(202);
    await t.deliver(bot, textUpdate(3, `/start ${issued.code}`, { id: 4343 }, 4343));
    await vi.waitFor(() =>
      expect(t.telegram.sent.at(-1)).toEqual({ chatId: 4343, text: 'You are signed in. Return to the browser.' }),
    );
    const signedIn = await authCheck(issued.code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.email).toBe('tg-user@example.com');
  });
});
