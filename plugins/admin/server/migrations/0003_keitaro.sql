-- Keitaro tracker servers and their reverses (plugins/admin/shared/keitaro.ts has the state machine).
CREATE TABLE keitaro_servers (
  id bigserial PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  name text NOT NULL,
  url text NOT NULL,
  -- Write-only: never returned by the API.
  api_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX keitaro_servers_name_key ON keitaro_servers (lower(name));

CREATE TABLE keitaro_reverses (
  id bigserial PRIMARY KEY,
  address text NOT NULL,
  comment text,
  state text NOT NULL DEFAULT 'free' CHECK (state IN ('free', 'waiting', 'active', 'on_hold')),
  server_id bigint REFERENCES keitaro_servers (id),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A free reverse is on no server; every other state is on exactly one.
  CONSTRAINT keitaro_reverses_state_server CHECK ((state = 'free') = (server_id IS NULL))
);
CREATE UNIQUE INDEX keitaro_reverses_address_key ON keitaro_reverses (lower(address));
-- A server has at most one active reverse.
CREATE UNIQUE INDEX keitaro_reverses_one_active ON keitaro_reverses (server_id) WHERE state = 'active';
CREATE INDEX keitaro_reverses_server_idx ON keitaro_reverses (server_id, state);
