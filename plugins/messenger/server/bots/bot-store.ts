import type { Queryable } from '@core/sdk/server';
import type { BotIdentity } from '../services';

/**
 * Reads of the plugin's own bots table for what the engine never returns: the token. Every write
 * goes through the engine (`context.records`); these are plain reads outside any transaction, so
 * nothing is held open while Telegram is called.
 */

/** A live bot as the server uses it: who it is, its handler class's name and its token (never sent anywhere but Telegram). */
export interface StoredBot {
  readonly identity: BotIdentity;
  /** The handler class's name; the class may no longer be registered (its plugin disabled). */
  readonly handlerClass: string | null;
  readonly token: string;
}

interface BotRow {
  id: string;
  name: string;
  messenger: string;
  username: string | null;
  handler_class: string | null;
  token: string;
}

const SELECT_BOT = `
  SELECT b.id::text AS id, b.name, b.messenger, b.username, h.name AS handler_class, b.token
    FROM messenger.bots b
    LEFT JOIN messenger.handler_classes h ON h.id = b.handler_class
   WHERE b.deleted_at IS NULL`;

function storedBot(row: BotRow): StoredBot {
  return {
    identity: { id: Number(row.id), name: row.name, username: row.username, messenger: row.messenger },
    handlerClass: row.handler_class,
    token: row.token,
  };
}

/** The live (not deleted) bot, or null. */
export async function liveBot(db: Queryable, id: number): Promise<StoredBot | null> {
  const { rows } = await db.query<BotRow>(`${SELECT_BOT} AND b.id = $1`, [id]);
  return rows[0] ? storedBot(rows[0]) : null;
}

/** The oldest live bot running `handlerClass` (with a known username when asked), or null. */
export async function firstBotWithHandler(
  db: Queryable,
  handlerClass: string,
  options: { withUsername?: boolean } = {},
): Promise<StoredBot | null> {
  const username = options.withUsername ? ` AND b.username IS NOT NULL AND b.username <> ''` : '';
  const { rows } = await db.query<BotRow>(`${SELECT_BOT} AND h.name = $1${username} ORDER BY b.id LIMIT 1`, [
    handlerClass,
  ]);
  return rows[0] ? storedBot(rows[0]) : null;
}
