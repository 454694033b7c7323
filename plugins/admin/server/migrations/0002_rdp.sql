-- RDP servers (name, url, ip, username, password) and the users granted on each.
CREATE TABLE rdp_servers (
  id bigserial PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  name text NOT NULL,
  url text,
  ip text NOT NULL,
  username text,
  -- Write-only: never returned by the API.
  password text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rdp_servers_name_key ON rdp_servers (lower(name));

CREATE TABLE rdp_users (
  id bigserial PRIMARY KEY,
  server_id bigint NOT NULL REFERENCES rdp_servers (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
  created_by bigint REFERENCES core.users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rdp_users_server_user_key ON rdp_users (server_id, user_id);
CREATE INDEX rdp_users_user_idx ON rdp_users (user_id);
