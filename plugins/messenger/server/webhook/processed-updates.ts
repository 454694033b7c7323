import type { Queryable } from '@core/sdk/server';

/** How long a handled update id is remembered; Telegram gives up on an update within a day. */
const KEPT = '7 days';

/**
 * Claims an update for handling: true the first time a bot's `update_id` arrives, false for a
 * repeat, decided by the database so every server copy agrees. Old claims of the bot go with it.
 */
export async function claimUpdate(db: Queryable, botId: number, updateId: number): Promise<boolean> {
  const claimed = await db.query(
    'INSERT INTO messenger.processed_updates (bot_id, update_id) VALUES ($1, $2) ON CONFLICT (bot_id, update_id) DO NOTHING',
    [botId, updateId],
  );
  if (claimed.affectedRows === 0) return false;
  await db.query(
    `DELETE FROM messenger.processed_updates WHERE bot_id = $1 AND received_at < now() - interval '${KEPT}'`,
    [botId],
  );
  return true;
}
