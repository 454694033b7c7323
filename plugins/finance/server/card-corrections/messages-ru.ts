import type { RussianMessages } from '@core/sdk/server';

/** The card corrections' refusals in Russian, spread into FINANCE_MESSAGES_RU. */
export const CARD_CORRECTIONS_MESSAGES_RU: RussianMessages = {
  'This correction is approved: it cannot be changed or deleted, only reversed by another.':
    'Корректировка утверждена: её нельзя изменить или удалить, только сторнировать другой корректировкой.',
  'This correction has been reversed: it cannot be changed or deleted.':
    'Корректировка сторнирована: её нельзя изменить или удалить.',
  'The statement date cannot be in the future.': 'Дата выписки не может быть в будущем.',
  'A reversal cannot be reversed: record a new correction instead.':
    'Сторно нельзя сторнировать: заведите новую корректировку.',
  'Only an approved correction can be reversed.': 'Сторнировать можно только утверждённую корректировку.',
  'Give the reason for the reversal.': 'Укажите причину сторно.',
  'This transaction books an approved card correction: reverse the correction instead of changing it.':
    'Эта транзакция проводит утверждённую корректировку карты: вместо её изменения сторнируйте корректировку.',
  "The statement balance must be in the wallet's currency ({currency}).":
    'Остаток по выписке должен быть в валюте кошелька ({currency}).',
};
