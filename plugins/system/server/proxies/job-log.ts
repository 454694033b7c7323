import type { RussianMessages } from '@core/sdk/server';

/*
 * The proxy jobs' log lines and errors, as keys (the English) and their Russian: the kernel words
 * each line for whoever reads the job's log.
 */

export const BUYING = 'Buying {quantity:number} {type} proxies in {country} for {days:number} days from {provider}.';
export const BUYING_LOCAL =
  'Buying {quantity:number} {type} proxies in {country} for {days:number} days from {provider} (local: nothing is bought).';
export const RETURNED = 'The provider returned {count:number} proxies, order {order}.';
export const RETURNED_WITHOUT_ORDER = 'The provider returned {count:number} proxies, an order without a number.';
export const NOT_RECORDED = 'Not recorded: {reason}.';
export const RECORDED = 'Recorded {count:number} proxies.';
export const ASKING_EXIT_ADDRESS = 'Asking for the exit address through {address} ({type}).';
export const ANSWERED = 'Answered in {latency:number} ms from {ip}; status {status}.';
export const CHECK_FAILED = 'Failed: {error} Status {status}.';

export const PROVIDER_DELETED = 'The proxy provider was deleted before the purchase ran.';
export const PROXY_DELETED = 'The proxy was deleted before the check ran.';
export const ORDER_NOT_RECORDED =
  'Order {order} was placed but its proxies could not be recorded ({reason}): add them from the provider’s account.';
export const ORDER_WITHOUT_NUMBER = 'without a number';

export const PROXY_JOB_LOG_RU: RussianMessages = {
  [BUYING]: 'Покупаем {quantity} прокси {type} в стране {country} на {days} дн. у {provider}.',
  [BUYING_LOCAL]:
    'Покупаем {quantity} прокси {type} в стране {country} на {days} дн. у {provider} (локально: ничего не покупается).',
  [RETURNED]: 'Поставщик вернул {count} прокси, заказ {order}.',
  [RETURNED_WITHOUT_ORDER]: 'Поставщик вернул {count} прокси, заказ без номера.',
  [NOT_RECORDED]: 'Не записано: {reason}.',
  [RECORDED]: 'Записано прокси: {count}.',
  [ASKING_EXIT_ADDRESS]: 'Запрашиваем выходной адрес через {address} ({type}).',
  [ANSWERED]: 'Ответ за {latency} мс с {ip}; статус {status}.',
  [CHECK_FAILED]: 'Ошибка: {error} Статус {status}.',
  [PROVIDER_DELETED]: 'Поставщик прокси удалён до того, как покупка началась.',
  [PROXY_DELETED]: 'Прокси удалён до того, как проверка началась.',
  [ORDER_NOT_RECORDED]:
    'Заказ {order} оформлен, но его прокси не удалось записать ({reason}): добавьте их из аккаунта поставщика.',
};
