import type { Database, MessengerSignIn, SignInCodeBinding } from '@core/sdk/server';
import type { BotHandler } from '../services';
import { SIGN_IN_HANDLER } from '../../shared/resources';
import { firstBotWithHandler } from '../bots/bot-store';
import type { HandlerClass } from './handler-class-sync';

/*
 * `messenger.sign-in`: the bot a user reaches from the login screen's "login via bot". The link
 * opens the bot dialog with `/start <code>`; pressing Start sends it here, the code is bound to
 * the sender's Telegram id, and the waiting login screen signs the linked account in.
 */

type Reply = Readonly<Record<'en' | 'ru', string>>;

export const SIGN_IN_REPLIES: Readonly<Record<SignInCodeBinding | 'no-code', Reply>> = {
  bound: { en: 'You are signed in. Return to the browser.', ru: 'Вы вошли. Вернитесь в браузер.' },
  'no-account': {
    en: 'No user is linked to this Telegram account. Ask an administrator to add your Telegram ID to your profile, then try again.',
    ru: 'К этому аккаунту Telegram не привязан ни один пользователь. Попросите администратора добавить ваш Telegram ID в профиль и попробуйте снова.',
  },
  blocked: {
    en: 'Your account is blocked. Ask an administrator.',
    ru: 'Ваша учётная запись заблокирована. Обратитесь к администратору.',
  },
  expired: {
    en: 'This sign-in link has expired. Start again from the sign-in page.',
    ru: 'Срок действия этой ссылки для входа истёк. Начните заново со страницы входа.',
  },
  used: {
    en: 'This sign-in link has already been used. Start again from the sign-in page.',
    ru: 'Эта ссылка для входа уже использована. Начните заново со страницы входа.',
  },
  unknown: {
    en: 'This sign-in link is not valid. Start again from the sign-in page.',
    ru: 'Эта ссылка для входа недействительна. Начните заново со страницы входа.',
  },
  'no-code': {
    en: 'To sign in, open the back office’s sign-in page, choose to log in via the bot and press Start in the dialog it opens.',
    ru: 'Чтобы войти, откройте страницу входа, выберите вход через бота и нажмите «Старт» в открывшемся диалоге.',
  },
};

/** `/start`, `/start@bot_name`, each with an optional argument: the code. */
const START = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

export const SIGN_IN_CLASS: HandlerClass = {
  name: SIGN_IN_HANDLER,
  description: {
    en: 'Signs staff in through the login screen’s bot link',
    ru: 'Вход сотрудников по ссылке на бота со страницы входа',
  },
};

export function signInHandler(signIn: MessengerSignIn): BotHandler {
  return {
    ...SIGN_IN_CLASS,
    async handle(update, _bot, context) {
      const start = update.text === null ? null : START.exec(update.text.trim());
      // Only a person's /start means anything here; anything else is answered with how to sign in.
      const code = start?.[1];
      if (!code || !update.from) {
        if (update.chatId !== null) await context.reply(SIGN_IN_REPLIES['no-code'][context.language]);
        return;
      }
      const binding = await signIn.bindCode(code, update.from.id);
      await context.reply(SIGN_IN_REPLIES[binding][context.language]);
    },
  };
}

/** The login screen's "proceed to bot" address: the oldest live sign-in bot whose user name is known, or null. */
export function signInBotLink(db: Database): () => Promise<string | null> {
  return async () => {
    const bot = await firstBotWithHandler(db, SIGN_IN_HANDLER, { withUsername: true });
    return bot?.identity.username ? `https://t.me/${encodeURIComponent(bot.identity.username)}` : null;
  };
}
