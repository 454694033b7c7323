-- Notifications (core/server/notifications): one row per recipient, written in the publisher's
-- transaction and pushed to the recipient's open streams once it commits.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- `<plugin>.<name>` (or `core.<name>`): the source a user switches on or off.
  source text NOT NULL,
  title_en text NOT NULL,
  title_ru text NOT NULL,
  text_en text,
  text_ru text,
  -- An app path (`/system/proxies/12`), never an outside address.
  link text CHECK (link IS NULL OR link LIKE '/%'),
  severity text NOT NULL DEFAULT 'info' CHECK (severity IN ('info', 'success', 'warning', 'error')),
  -- At most one notification per key and recipient: a daily sweep does not repeat itself.
  dedupe_key text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The list and the bell's latest, newest first.
CREATE INDEX notifications_user_idx ON notifications (user_id, id);
-- The unread count the bell asks for on every page.
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_dedupe_key ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;

-- A user's choice per source; a source without a row is received, not through the bot.
CREATE TABLE notification_preferences (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,
  receive boolean NOT NULL DEFAULT true,
  via_bot boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, source)
);

CREATE TABLE notification_settings (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- A superadmin holds every code, so receives what is sent to holders of a code only after opting in.
  superadmin_opt_in boolean NOT NULL DEFAULT false,
  -- The language the user last opened a stream in: what goes out through a channel (the bot) is worded in it.
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ru'))
);

-- One-time tickets that open a stream (EventSource cannot send the bearer token). In the database,
-- so a ticket one copy issued opens a stream on another behind a balancer; only its hash is kept.
CREATE TABLE notification_stream_tickets (
  ticket_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The language the stream's notifications are worded in: the ticket request's.
  language text NOT NULL CHECK (language IN ('en', 'ru')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX notification_stream_tickets_expiry_idx ON notification_stream_tickets (expires_at);
