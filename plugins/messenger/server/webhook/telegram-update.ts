import type { MessengerUpdate, MessengerUser } from '../services';

/**
 * A Telegram Update (https://core.telegram.org/bots/api#update) reduced to the kernel's
 * MessengerUpdate. The route's schema has checked `update_id`; the rest is read defensively: a
 * part of another shape than Telegram documents counts as absent rather than trusted.
 */

type JsonObject = Readonly<Record<string, unknown>>;

const objectAt = (value: unknown): JsonObject | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
const idAt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const textAt = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The kinds of update that carry a message, in the order Telegram documents them. */
const MESSAGE_KINDS = ['message', 'edited_message', 'channel_post', 'edited_channel_post', 'business_message'] as const;
/** Updates without a message of their own whose sender is in `from`. */
const SENDER_KINDS = ['callback_query', 'inline_query', 'my_chat_member', 'chat_member', 'chat_join_request'] as const;

function userOf(value: unknown): MessengerUser | null {
  const user = objectAt(value);
  const id = idAt(user?.id);
  if (!user || id === null) return null;
  return {
    id,
    username: textAt(user.username),
    firstName: textAt(user.first_name),
    languageCode: textAt(user.language_code),
  };
}

function messageOf(update: JsonObject): JsonObject | null {
  for (const kind of MESSAGE_KINDS) {
    const message = objectAt(update[kind]);
    if (message) return message;
  }
  // A button pressed under a message: the chat is the message's.
  return (
    objectAt(objectAt(update.callback_query)?.message) ??
    objectAt(update.my_chat_member) ??
    objectAt(update.chat_member) ??
    objectAt(update.chat_join_request)
  );
}

function senderOf(update: JsonObject, message: JsonObject | null): MessengerUser | null {
  for (const kind of SENDER_KINDS) {
    const part = objectAt(update[kind]);
    if (part) return userOf(part.from);
  }
  return userOf(message?.from);
}

export function normaliseUpdate(update: JsonObject & { readonly update_id: number }): MessengerUpdate {
  const message = messageOf(update);
  const isMessage = MESSAGE_KINDS.some((kind) => objectAt(update[kind]) !== null);
  return {
    updateId: update.update_id,
    chatId: idAt(objectAt(message?.chat)?.id),
    from: senderOf(update, message),
    text: isMessage ? textAt(message?.text) : null,
    raw: update,
  };
}
