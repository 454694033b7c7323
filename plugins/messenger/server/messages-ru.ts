import type { RussianMessages } from '@core/sdk/server';
import { PUBLIC_URL_MISSING } from './config';
import { HANDLER_CLASSES_READ_ONLY } from './handlers/handler-class-sync';
import {
  TELEGRAM_FAILED,
  TELEGRAM_REFUSED,
  TELEGRAM_SLOW_DOWN,
  TELEGRAM_UNREACHABLE,
  TELEGRAM_WAIT,
} from './telegram/telegram-failures';
import { WEBHOOK_UNAUTHORIZED } from './webhook/webhook-route';

/** The messenger plugin's refusals a user can meet, in Russian (the API answers a Russian caller with these). */
export const MESSENGER_MESSAGES_RU: RussianMessages = {
  [PUBLIC_URL_MISSING]:
    'Публичный адрес продукта не настроен: задайте pluginSettings.messenger.publicUrl или ERP_PUBLIC_URL (например, https://erp.example.com), чтобы Telegram мог достучаться до вебхука.',
  [TELEGRAM_UNREACHABLE]: 'Не удалось связаться с Telegram ({reason}). Там ничего не подтверждено; попробуйте позже.',
  [TELEGRAM_REFUSED]: 'Telegram отклонил {method}: {description}',
  [TELEGRAM_FAILED]: 'Ошибка Telegram в {method}: {description}',
  [TELEGRAM_WAIT]: 'Telegram просит подождать {seconds} с',
  [TELEGRAM_SLOW_DOWN]: 'Telegram просит писать реже; попробуйте позже.',
  [HANDLER_CLASSES_READ_ONLY]:
    'Классы обработчиков задают включённые плагины: здесь их нельзя добавлять, изменять или удалять.',
  [WEBHOOK_UNAUTHORIZED]: 'В вызове вебхука нет секрета бота.',
  'Enter a chat id: a number, or @channel.': 'Введите ID чата: число или @канал.',
};
