import type { RussianMessages } from '@core/sdk/server';
import {
  DAY_LIMIT_REACHED,
  NOT_ENOUGH_STOCK,
  ORDER_FIXED,
  ORDER_STATE_REFUSES,
  POSITIONS_SOLD,
  PRODUCT_NOT_ACTIVE,
  PRODUCT_NOT_FOR_TEAM,
  UNKNOWN_TIME_ZONE,
} from './order-messages';

/** The order engine's refusals in Russian, by their English text. */
export const ORDER_MESSAGES_RU: RussianMessages = {
  [PRODUCT_NOT_ACTIVE]: 'Этот товар не продаётся: заказать можно только активные товары.',
  [PRODUCT_NOT_FOR_TEAM]: 'Этой команде нельзя заказывать этот товар.',
  [UNKNOWN_TIME_ZONE]: 'Часовой пояс команды {timezone} неизвестен: сначала исправьте его в карточке команды.',
  [DAY_LIMIT_REACHED]: 'Дневной лимит этого товара — {limit} на команду; сегодня осталось {remaining}.',
  [ORDER_FIXED]: 'Товар, количество и команду можно менять, только пока заказ новый.',
  [NOT_ENOUGH_STOCK]: 'Недостаточно товара на складе: доступно {available} из {needed}.',
  [POSITIONS_SOLD]: 'Этот заказ нельзя отменить: его позиции уже проданы.',
  [ORDER_STATE_REFUSES]: 'Это действие не применимо к заказу в его текущем состоянии.',
};
