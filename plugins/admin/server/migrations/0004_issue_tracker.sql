-- The issue tracker (YouTrack): each user's service account, and the local adapter's groups and memberships.
CREATE TABLE you_track_accounts (
  user_id bigint PRIMARY KEY REFERENCES core.users (id) ON DELETE CASCADE,
  -- The account's id in the issue tracker (Hub user id), or `local-<user id>` for the local adapter.
  external_id text NOT NULL,
  login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE you_track_groups (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX you_track_groups_name_key ON you_track_groups (lower(name));

CREATE TABLE you_track_memberships (
  user_id bigint NOT NULL REFERENCES you_track_accounts (user_id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES you_track_groups (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id)
);
