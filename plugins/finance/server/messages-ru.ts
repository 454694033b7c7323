import type { RussianMessages } from '@core/sdk/server';
import { CARD_CORRECTIONS_MESSAGES_RU } from './card-corrections/messages-ru';
import { CASH_FLOW_MESSAGES_RU } from './cash-flow/messages-ru';
import { MOTIVATION_MESSAGES_RU } from './motivation/messages-ru';
import { PAY_MODELS_MESSAGES_RU } from './pay-models/messages-ru';

/** The finance plugin's refusals a user can meet, in Russian (the API answers a Russian caller with these). */
export const FINANCE_MESSAGES_RU: RussianMessages = {
  ...CARD_CORRECTIONS_MESSAGES_RU,
  ...CASH_FLOW_MESSAGES_RU,
  ...MOTIVATION_MESSAGES_RU,
  ...PAY_MODELS_MESSAGES_RU,
  // Wallets, transactions, drafts
  'The chosen wallet does not exist.': 'Выбранный кошелёк не найден.',
  'A wallet with transactions keeps its currency.': 'У кошелька с транзакциями нельзя сменить валюту.',
  'A wallet with drafts keeps its currency.': 'У кошелька с черновиками нельзя сменить валюту.',
  "The amount must be in the wallet's currency ({currency}).": 'Сумма должна быть в валюте кошелька ({currency}).',
  "The commission must be in the wallet's currency ({currency}).":
    'Комиссия должна быть в валюте кошелька ({currency}).',
  'There is no {currency} exchange rate on or before {date:date}: add one on the exchange rates screen.':
    'Нет курса {currency} на {date} или раньше: добавьте его на экране курсов валют.',
  'This draft has already been converted into a transaction.': 'Этот черновик уже превращён в транзакцию.',
  // Exchange rates import
  'The file has no rates.': 'В файле нет курсов.',
  'At most {count} rates at once.': 'Не больше {count} курсов за раз.',
  'Nothing was imported: {count} line(s) have problems.': 'Ничего не импортировано: строк с ошибками — {count}.',
  'Enter a valid date (YYYY-MM-DD).': 'Введите правильную дату (ГГГГ-ММ-ДД).',
  // Employees and salaries
  'An employee cannot be their own manager.': 'Сотрудник не может быть своим руководителем.',
  'This manager reports to the employee (directly or through others): the chain would loop.':
    'Этот руководитель подчиняется сотруднику (прямо или через других): цепочка замкнулась бы.',
  'The end date must not be before the start date.': 'Дата окончания не может быть раньше даты начала.',
  'The end of the period must not be before its start.': 'Конец периода не может быть раньше его начала.',
  'The period may be at most 20 years long.': 'Период может быть не длиннее 20 лет.',
  'Give the month as YYYY-MM.': 'Укажите месяц в виде ГГГГ-ММ.',
  'This period overlaps the salary from {from:date} to {until:date}.':
    'Этот период пересекается с окладом с {from} по {until}.',
  // Spreadsheet tables
  'Max nesting level is reached': 'Достигнут предел вложенности',
  'Enter a range such as Sheet1!A1:D20.': 'Введите диапазон вида Sheet1!A1:D20.',
  'Enter a spreadsheet id or the spreadsheet’s link.': 'Введите ID таблицы или ссылку на неё.',
  'This table has no spreadsheet id.': 'У этой таблицы нет ID документа.',
  'Table {id} does not exist.': 'Таблицы {id} нет.',
  'Table {id} appears twice.': 'Таблица {id} указана дважды.',
  'Table {id} cannot be placed inside itself.': 'Таблицу {id} нельзя вложить в саму себя.',
};
