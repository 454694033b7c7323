import type { RussianMessages } from '@core/sdk/server';

/** The tracker plugin's refusals a user can meet, in Russian (the API answers a Russian caller with these). */
export const TRACKER_MESSAGES_RU: RussianMessages = {};
