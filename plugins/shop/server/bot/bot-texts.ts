import { formatMessage, type Language } from '@core/sdk/shared';
import type { OrderStatus } from '../../shared/resources';

/*
 * What the team bot says, in the two languages the product speaks, chosen by the sender's
 * messenger language. The API's own messages (an order refused by the day limit, say) are not
 * here: they are answered in the API's wording (serverMessageTranslation).
 */

type Texts = Readonly<Record<Language, string>>;

export const NOT_MEMBER: Texts = {
  en: 'You are not a member of this team.',
  ru: 'Вы не состоите в этой команде.',
};

export const HELP: Texts = {
  en: [
    'Commands:',
    '/products — what your team may order, with prices and what is left today',
    '/order <product> <quantity> — place an order (the product by name or number)',
    '/orders — your team’s latest orders',
    '/help — this list',
  ].join('\n'),
  ru: [
    'Команды:',
    '/products — что может заказать ваша команда, с ценами и остатком на сегодня',
    '/order <товар> <количество> — оформить заказ (товар по названию или номеру)',
    '/orders — последние заказы команды',
    '/help — этот список',
  ].join('\n'),
};

export const ORDER_USAGE: Texts = {
  en: 'Usage: /order <product> <quantity>, the quantity a whole number from 1 to 1000.',
  ru: 'Формат: /order <товар> <количество>, количество — целое число от 1 до 1000.',
};

export const NO_PRODUCTS: Texts = {
  en: 'Your team has nothing to order.',
  ru: 'Вашей команде нечего заказывать.',
};

export const NO_ORDERS: Texts = {
  en: 'Your team has no orders yet.',
  ru: 'У вашей команды пока нет заказов.',
};

export const STATUS_LABELS: Readonly<Record<OrderStatus, Texts>> = {
  new: { en: 'New', ru: 'Новый' },
  in_progress: { en: 'In progress', ru: 'В работе' },
  completed: { en: 'Completed', ru: 'Выполнен' },
  cancelled: { en: 'Cancelled', ru: 'Отменён' },
};

const TEMPLATES = {
  unknownProduct: {
    en: 'Your team cannot order “{product}”. /products lists what it can.',
    ru: 'Товар «{product}» вашей команде недоступен. Список доступных — /products.',
  },
  productsHeading: { en: 'Products of {team}:', ru: 'Товары команды {team}:' },
  ordersHeading: { en: 'Latest orders of {team}:', ru: 'Последние заказы команды {team}:' },
  remainder: { en: 'left today: {left} of {limit}', ru: 'осталось сегодня: {left} из {limit}' },
  noLimit: { en: 'no limit', ru: 'без лимита' },
  order: { en: 'Order #{id}: {title} — {status}', ru: 'Заказ №{id}: {title} — {status}' },
} as const satisfies Readonly<Record<string, Texts>>;

export type TemplateName = keyof typeof TEMPLATES;

/** A template in `language` with its values filled in. */
export function say(language: Language, name: TemplateName, values: Readonly<Record<string, string>> = {}): string {
  return formatMessage(TEMPLATES[name][language], values);
}
