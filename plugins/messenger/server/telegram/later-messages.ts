import { PermanentJobError, type ServerPluginContext } from '@core/sdk/server';
import { liveBot } from '../bots/bot-store';
import { retryAfterOf, type TelegramBotApi } from './bot-api';

/*
 * A bot's message that Telegram's flood control holds back longer than the sender can wait (a
 * handler answering an update) is not lost: it becomes a durable job that runs once the wait is
 * over, and sends it again. The job names the bot, never its token, which is read when it runs.
 */

export const SEND_LATER_KIND = 'messenger.send-later';

export interface LaterMessage {
  readonly botId: number;
  readonly chatId: number | string;
  readonly text: string;
}

export interface LaterMessages {
  /** Sends through `api` now, or queues the message for after Telegram's wait when flood control refuses it. */
  send(api: TelegramBotApi, message: LaterMessage): Promise<void>;
}

export interface LaterMessagesDeps {
  /** The adapter for a job, which may wait out the shorter flood-control waits itself. */
  readonly telegramInJob: (token: string) => TelegramBotApi;
}

export function laterMessages(context: ServerPluginContext, deps: LaterMessagesDeps): LaterMessages {
  const queue = async (message: LaterMessage, seconds: number): Promise<void> => {
    // The wait is Telegram's, in real time: the job runs once it is over.
    await kind.enqueue(context.db, message, { runAt: new Date(Date.now() + seconds * 1000) });
  };
  const kind = context.jobs.define<LaterMessage, { queuedAgain: boolean }>({
    kind: SEND_LATER_KIND,
    requires: 'MB',
    label: { en: 'Bot message after Telegram’s wait', ru: 'Сообщение бота после ожидания Telegram' },
    async run(_job, { payload }) {
      const bot = await liveBot(context.db, payload.botId);
      if (!bot?.token) throw new PermanentJobError('The bot is deleted or has no token: the message was not sent.');
      try {
        await deps.telegramInJob(bot.token).sendMessage(payload.chatId, payload.text);
        return { queuedAgain: false };
      } catch (error) {
        const seconds = retryAfterOf(error);
        if (seconds === null) throw error;
        // Telegram asked for a longer wait again: a new job runs after it, rather than an attempt spent now.
        await queue(payload, seconds);
        return { queuedAgain: true };
      }
    },
  });
  return {
    async send(api, message) {
      try {
        await api.sendMessage(message.chatId, message.text);
      } catch (error) {
        const seconds = retryAfterOf(error);
        if (seconds === null) throw error;
        await queue(message, seconds);
      }
    },
  };
}
