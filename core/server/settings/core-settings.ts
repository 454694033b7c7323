import type { RuntimeConfig } from '@core/shared/runtime-config';
import { LANGUAGES } from '@core/shared/runtime-config';
import type { AuthSettings } from '../auth/auth-settings';
import { defineSetting, type SecretStatus, type SettingDefinition } from './catalogue';

/**
 * The core's own system settings. Their defaults are what the configuration file and environment
 * say at start-up, so a stored value overrides the configuration until it is reset.
 */

export const PRODUCT_NAME_KEY = 'core.general.productName';
export const DEFAULT_LANGUAGE_KEY = 'core.general.defaultLanguage';
export const TELEGRAM_BOT_LINK_KEY = 'core.telegram.botLink';
export const MATTERMOST_URL_KEY = 'core.mattermost.url';

export interface CoreSettingSources {
  readonly runtimeConfig: Pick<RuntimeConfig, 'productName' | 'defaultLanguage'>;
  readonly auth: AuthSettings;
}

export function coreSystemSettings({ runtimeConfig, auth }: CoreSettingSources): SettingDefinition[] {
  return [
    defineSetting({
      type: 'string',
      key: PRODUCT_NAME_KEY,
      labelKey: 'settings:productName',
      description: 'Shown in the title bar and page titles (configuration: productName).',
      default: runtimeConfig.productName,
      minLength: 1,
      maxLength: Math.max(100, runtimeConfig.productName.length),
    }),
    defineSetting({
      type: 'string',
      key: DEFAULT_LANGUAGE_KEY,
      labelKey: 'settings:defaultLanguage',
      description: 'The interface language of users who have not chosen one (configuration: defaultLanguage).',
      default: runtimeConfig.defaultLanguage,
      values: LANGUAGES,
    }),
    defineSetting({
      type: 'string',
      key: TELEGRAM_BOT_LINK_KEY,
      labelKey: 'settings:telegramBotLink',
      description: 'The messenger-bot dialog users open to sign in, e.g. https://t.me/<bot> (ERP_TELEGRAM_BOT_LINK).',
      default: auth.telegram.botLink ?? '',
      maxLength: 2048,
      format: 'url',
    }),
    defineSetting({
      type: 'string',
      key: MATTERMOST_URL_KEY,
      labelKey: 'settings:mattermostUrl',
      description: 'The chat platform (Mattermost) whose accounts users link (ERP_MATTERMOST_URL).',
      default: auth.mattermost.url ?? '',
      maxLength: 2048,
      format: 'url',
    }),
  ];
}

/** The secrets the core runs with, reported as set or not set. */
export function coreSecretStatuses(auth: AuthSettings): SecretStatus[] {
  return [
    {
      key: 'core.telegram.botToken',
      labelKey: 'settings:telegramBotToken',
      description: "The messenger bot's token, which checks bot sign-ins.",
      env: 'ERP_TELEGRAM_BOT_TOKEN',
      set: Boolean(auth.telegram.botToken),
    },
    {
      key: 'core.mattermost.clientSecret',
      labelKey: 'settings:mattermostClientSecret',
      description: "The chat platform's OAuth client secret.",
      env: 'ERP_MATTERMOST_CLIENT_SECRET',
      set: Boolean(auth.mattermost.clientSecret),
    },
  ];
}
