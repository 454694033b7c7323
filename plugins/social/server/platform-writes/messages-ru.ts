import type { RussianMessages } from '@core/sdk/server';
import { BUDGET_CURRENCY } from './messages';

/** The platform writes' API messages in Russian, by their English text. */
export const PLATFORM_WRITES_MESSAGES_RU: RussianMessages = {
  [BUDGET_CURRENCY]:
    'Бюджет указывается в валюте рекламного аккаунта, {currency}, не более чем с {digits} знаками после запятой.',
};
