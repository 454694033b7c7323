import { defineResource, fieldBuilders, type StatusTone } from '@core/sdk/shared';

const field = fieldBuilders('messenger:fields');

/** Messengers a bot can live in; each has an adapter on the server. */
export const MESSENGERS = ['telegram'] as const;

/** What a bot is for; the handler class decides what it does. */
export const BOT_TYPES = ['sign-in', 'notifications', 'shop', 'support', 'other'] as const;

/**
 * The webhook as the messenger last reported it: never asked, none set, set and delivering, set
 * with a delivery error, or the messenger could not be reached when asked.
 */
export const WEBHOOK_STATUSES = ['unknown', 'not-set', 'set', 'failing', 'unreachable'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** The badge colour of each WebhookStatus (a status column). */
export const WEBHOOK_STATUS_TONES = {
  set: 'success',
  'not-set': 'informative',
  failing: 'warning',
  unreachable: 'danger',
  unknown: 'subtle',
} as const satisfies Readonly<Record<WebhookStatus, StatusTone>>;

/** Telegram's token shape: the bot's numeric id, a colon, and 35 url-safe characters (longer ones are accepted). */
export const TELEGRAM_TOKEN_PATTERN = '^[0-9]{3,20}:[A-Za-z0-9_-]{30,100}$';

/** The handler classes the enabled plugins contribute, kept in step with them at start-up (read-only). */
export const handlerClassesResource = defineResource({
  id: 'messenger.handler-classes',
  service: 'messenger',
  path: 'handler-classes',
  table: 'messenger.handler_classes',
  titleKey: 'messenger:handlers.title',
  recordKey: 'messenger:handlers.record',
  access: { read: 'MB', write: 'MB' },
  fields: [
    field.text('name', {
      labelKey: 'messenger:handlers.name',
      required: true,
      maxLength: 100,
      unique: true,
      filter: false,
    }),
    field.text('description_en', {
      labelKey: 'messenger:handlers.description',
      maxLength: 500,
      filter: false,
      sortable: false,
    }),
    field.text('description_ru', {
      labelKey: 'messenger:handlers.description',
      maxLength: 500,
      filter: false,
      sortable: false,
    }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
});

/** A messenger bot: the token is a write-only secret, the webhook fields are the messenger's last report. */
export const botsResource = defineResource({
  id: 'messenger.bots',
  service: 'messenger',
  path: 'bots',
  table: 'messenger.bots',
  titleKey: 'messenger:nav.bots',
  recordKey: 'messenger:records.bot',
  access: { read: 'MB', write: 'MB' },
  fields: [
    field.text('name', { required: true, maxLength: 100, unique: true }),
    field.longText('description', { maxLength: 1000, list: false }),
    field.enum('messenger', MESSENGERS, {
      valueLabelPrefix: 'messenger:messengers',
      required: true,
      default: 'telegram',
    }),
    field.enum('type', BOT_TYPES, { valueLabelPrefix: 'messenger:types', required: true, default: 'other' }),
    field.secret('token', {
      required: true,
      maxLength: 130,
      pattern: TELEGRAM_TOKEN_PATTERN,
      patternMessageKey: 'messenger:fields.tokenPattern',
      hintKey: 'messenger:fields.tokenHint',
    }),
    field.reference(
      'handler_class',
      {
        service: 'messenger',
        path: 'handler-classes',
        table: 'messenger.handler_classes',
        labelColumn: 'name',
        softDelete: true,
      },
      { required: true },
    ),
    field.text('username', { readOnly: true, maxLength: 64, searchable: true }),
    field.enum('webhook_status', WEBHOOK_STATUSES, {
      readOnly: true,
      tones: WEBHOOK_STATUS_TONES,
      valueLabelPrefix: 'messenger:webhook.statuses',
      default: 'not-set',
    }),
    field.text('webhook_url', { readOnly: true, maxLength: 2048, list: false, filter: false, sortable: false }),
    field.integer('webhook_pending', { readOnly: true, min: 0, list: false, filter: false, sortable: false }),
    field.dateTime('webhook_error_at', { readOnly: true, list: false, filter: false, sortable: false }),
    field.text('webhook_error', { readOnly: true, maxLength: 2048, list: false, filter: false, sortable: false }),
    field.dateTime('webhook_checked_at', { readOnly: true, list: false, filter: false }),
  ],
  labelField: 'name',
  softDelete: true,
  defaultSort: { field: 'name', direction: 'asc' },
  rowActions: [
    { name: 'check-token', labelKey: 'messenger:actions.checkToken', requires: 'MB', endpoint: 'check-token' },
    { name: 'set-webhook', labelKey: 'messenger:actions.setWebhook', requires: 'MB', endpoint: 'set-webhook' },
    {
      name: 'delete-webhook',
      labelKey: 'messenger:actions.deleteWebhook',
      requires: 'MB',
      endpoint: 'delete-webhook',
      confirmKey: 'messenger:actions.deleteWebhookConfirm',
    },
    {
      name: 'refresh-webhook',
      labelKey: 'messenger:actions.refreshWebhook',
      requires: 'MB',
      endpoint: 'refresh-webhook',
    },
    { name: 'send-test', labelKey: 'messenger:actions.sendTest', requires: 'MB', endpoint: 'send-test' },
  ],
});

export const MESSENGER_RESOURCES = [handlerClassesResource, botsResource] as const;

/**
 * A chat id as text: a chat's number (negative for groups and channels), or a public channel's
 * `@username` (Telegram: 5–32 characters). The server checks it, the send dialog checks it first.
 */
export const CHAT_ID_PATTERN = '^(-?[1-9][0-9]{0,15}|@[A-Za-z][A-Za-z0-9_]{4,31})$';
/** Telegram's limit for one message, in characters (code points). */
export const MESSAGE_MAX_LENGTH = 4096;

/** What `POST bots/{id}/send-test` takes: a chat id (a number, or `@channel`) and the text. */
export interface SendTestBody {
  readonly chat_id: string;
  readonly text: string;
}

/** The handler classes this plugin ships. */
export const SIGN_IN_HANDLER = 'messenger.sign-in';
export const NOTIFICATION_HANDLER = 'messenger.notifications';
