-- Updates already handed to a bot's handler, so a delivery Telegram repeats (a retry, or a copy of
-- this server that answered late) is ignored. Kept a week: Telegram keeps an update for at most a day.
CREATE TABLE messenger.processed_updates (
  bot_id bigint NOT NULL,
  update_id bigint NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bot_id, update_id)
);
CREATE INDEX processed_updates_received_at ON messenger.processed_updates (received_at);

-- The key every bot's webhook secret is derived from when the configuration gives none: generated
-- once, so every server copy sharing the database checks Telegram's header alike.
CREATE TABLE messenger.webhook_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key text NOT NULL
);
