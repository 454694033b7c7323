import type { RussianMessages } from '@core/sdk/server';
import { ORDERS_REPEATED, TARGET_REQUIRED, VERSION_MISSING, VERSION_UNKNOWN } from './transfer-body';
import { SOURCE_REQUIRED } from './transfer-orders';
import { REFUSAL_MESSAGES } from './transfer-perform';
import { TEAM_NOT_FOUND, USER_NOT_FOUND } from './transfer-plan';

/** Manual transfer's refusals in Russian, for the plugin's `messages: { ru }`. */
export const TRANSFER_MESSAGES_RU: RussianMessages = {
  [TARGET_REQUIRED]: 'Выберите пользователя или команду, которым передать заказы.',
  [ORDERS_REPEATED]: 'Укажите каждый заказ один раз.',
  [VERSION_MISSING]: 'Передайте версию заказа #{order}, которую показал предпросмотр.',
  [VERSION_UNKNOWN]: 'Передана версия заказа #{order}, который не передаётся.',
  [SOURCE_REQUIRED]: 'Выберите пользователя или команду, чьи заказы показать.',
  [USER_NOT_FOUND]: 'Нет такого пользователя, которому можно передать заказы.',
  [TEAM_NOT_FOUND]: 'Нет такой команды, которой можно передать заказы.',
  [REFUSAL_MESSAGES.notFound]: 'Заказа #{order} не существует.',
  [REFUSAL_MESSAGES.deleted]: 'Заказ #{order} удалён.',
  [REFUSAL_MESSAGES.notCompleted]: 'Заказ #{order} не выполнен: передаются только выполненные заказы.',
  [REFUSAL_MESSAGES.unchanged]: 'Заказ #{order} уже принадлежит этому пользователю и команде.',
  [REFUSAL_MESSAGES.positionsElsewhere]: 'Позиции заказа #{order} уже не все закреплены за его пользователем.',
};
