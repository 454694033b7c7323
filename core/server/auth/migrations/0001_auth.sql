-- The core auth schema: users, roles, permissions and refresh tokens.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  email text,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  sub text,
  tg_user_id bigint,
  tg_login text,
  manager_id bigint REFERENCES users (id) ON DELETE SET NULL,
  mattermost_user_id text,
  mattermost_username text,
  -- Raised whenever the user's roles or permissions change; carried in access tokens.
  permissions_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_tg_user_id_key ON users (tg_user_id) WHERE tg_user_id IS NOT NULL;
CREATE UNIQUE INDEX users_mattermost_user_id_key ON users (mattermost_user_id) WHERE mattermost_user_id IS NOT NULL;

CREATE TABLE roles (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));

CREATE TABLE permissions (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  description text,
  service text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX permissions_name_key ON permissions (name);

CREATE TABLE role_permissions (
  role_id bigint NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission_id bigint NOT NULL REFERENCES permissions (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE user_roles (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id bigint NOT NULL REFERENCES roles (id) ON DELETE RESTRICT,
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role_id_idx ON user_roles (role_id);

CREATE TABLE user_permissions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  permission_id bigint NOT NULL REFERENCES permissions (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, permission_id)
);

CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  -- All tokens descended from one sign-in; reuse of a rotated token revokes the family.
  family uuid NOT NULL,
  permissions_version integer NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Failed sign-ins, counted per IP and per e-mail across every server copy.
CREATE TABLE sign_in_failures (
  key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_key_idx ON sign_in_failures (key, failed_at);

-- Chat-platform (Mattermost) account linking: one row per started OAuth flow, keyed by its hash (the OAuth state).
CREATE TABLE mattermost_link_requests (
  hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mattermost_user_id text,
  mattermost_username text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
