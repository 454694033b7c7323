-- What each user keeps about how the app looks to them (core/shared/preferences.ts): the
-- dashboard's layout, each list's saved views. Gone with the user.
CREATE TABLE user_preferences (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
