import type { RussianMessages } from '@core/sdk/server';

/*
 * The domain purchase job's log lines and errors, as keys (the English) and their Russian: the
 * kernel words each line for whoever reads the job's log, the expiry date in their form.
 */

export const BOUGHT = '{domain} is bought and pointed at {cdn}.';
export const ALREADY_REGISTERED = '{domain} is already registered (order {order}): no check needed.';
export const CHECKING = 'Checking that {domain} is available at {registrar}.';
export const AVAILABLE = '{domain} is available.';
export const PREMIUM = '{domain} is a premium name: registering it at the confirmed {price:money}.';
export const REGISTRATION_DONE = 'Registration already done (order {order}).';
export const REGISTERING =
  'Registering {domain} at {registrar} for {years:number} year(s), {registrant} as the registrant.';
export const REGISTERED = 'Registered: order {order}, until {until:date}.';
export const LOCAL_REGISTRAR = 'The local registrar bought nothing: the domain is marked local.';
export const ZONE_EXISTS = 'Zone already created ({zone}).';
export const CREATING_ZONE = 'Creating the zone of {domain} at {cdn}.';
export const ZONE_CREATED = 'Zone {zone}, nameservers {nameservers}.';
export const POINTING = 'Pointing {domain} at {nameservers} at {registrar}.';
export const NO_SERVER = 'No server chosen: the zone has no address records.';
export const NO_SERVER_ADDRESS = 'The server has no IP address: the zone has no address records.';
export const CREATING_RECORDS = 'Creating {records}.';

export const DOMAIN_DELETED = 'The domain record was deleted; nothing more is bought for it.';
export const NOT_AVAILABLE = '{domain} is not available at {registrar}.';
export const REGISTRANT_DELETED = 'The domain user was deleted; choose another one and buy again.';
export const TERM_MISSING = 'The purchase’s term is not recorded; buy the domain again.';
export const PREMIUM_UNCONFIRMED =
  '{domain} is a premium name at {price:money}, a price nobody confirmed; nothing was bought. Delete this record and buy the domain again from the Buy dialog, which shows the price.';
export const PREMIUM_CHANGED =
  'The premium price of {domain} is now {price:money}, not the {confirmed:money} confirmed; nothing was bought. Retry buys it once the registrar’s price is the confirmed one again; to buy at the new price, delete this record and buy the domain again from the Buy dialog.';

export const DOMAIN_JOB_LOG_RU: RussianMessages = {
  [BOUGHT]: '{domain} куплен и направлен на {cdn}.',
  [ALREADY_REGISTERED]: '{domain} уже зарегистрирован (заказ {order}): проверка не нужна.',
  [CHECKING]: 'Проверяем, свободен ли {domain} у {registrar}.',
  [AVAILABLE]: '{domain} свободен.',
  [PREMIUM]: '{domain} — премиальное имя: регистрируем по подтверждённой цене {price}.',
  [REGISTRATION_DONE]: 'Регистрация уже выполнена (заказ {order}).',
  [REGISTERING]: 'Регистрируем {domain} у {registrar} на {years} г., владелец — {registrant}.',
  [REGISTERED]: 'Зарегистрирован: заказ {order}, до {until}.',
  [LOCAL_REGISTRAR]: 'Локальный регистратор ничего не покупал: домен отмечен как локальный.',
  [ZONE_EXISTS]: 'Зона уже создана ({zone}).',
  [CREATING_ZONE]: 'Создаём зону {domain} в {cdn}.',
  [ZONE_CREATED]: 'Зона {zone}, серверы имён {nameservers}.',
  [POINTING]: 'Направляем {domain} на {nameservers} у {registrar}.',
  [NO_SERVER]: 'Сервер не выбран: в зоне нет адресных записей.',
  [NO_SERVER_ADDRESS]: 'У сервера нет IP-адреса: в зоне нет адресных записей.',
  [CREATING_RECORDS]: 'Создаём {records}.',
  [DOMAIN_DELETED]: 'Запись домена удалена; для неё больше ничего не покупается.',
  [NOT_AVAILABLE]: '{domain} занят у {registrar}.',
  [REGISTRANT_DELETED]: 'Пользователь домена удалён; выберите другого и купите снова.',
  [TERM_MISSING]: 'Срок покупки не записан; купите домен снова.',
  [PREMIUM_UNCONFIRMED]:
    '{domain} — премиальное имя за {price}, и эту цену никто не подтвердил; ничего не куплено. Удалите эту запись и купите домен снова в окне покупки, где видна цена.',
  [PREMIUM_CHANGED]:
    'Премиальная цена {domain} теперь {price}, а не подтверждённые {confirmed}; ничего не куплено. Повтор купит его, когда цена регистратора снова станет подтверждённой; чтобы купить по новой цене, удалите эту запись и купите домен снова в окне покупки.',
};
