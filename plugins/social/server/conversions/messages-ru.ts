import type { RussianMessages } from '@core/sdk/server';

/** The Conversions API test's refusals, in English as the API words them, and their Russian. */

export const NO_TEST_EVENT_CODE =
  "Set the test event code (the Events Manager's Test events tab) before sending a test event.";

export const CONVERSIONS_MESSAGES_RU: RussianMessages = {
  [NO_TEST_EVENT_CODE]:
    'Перед отправкой тестового события укажите код тестового события (вкладка «Тестовые события» в Events Manager).',
};
