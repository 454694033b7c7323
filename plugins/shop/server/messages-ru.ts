import type { RussianMessages } from '@core/sdk/server';

/** The shop's own API messages in Russian, by their English text. */
export const SHOP_MESSAGES_RU: RussianMessages = {};
