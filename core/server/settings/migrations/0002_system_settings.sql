-- System settings: one JSON value per declared key (core/server/settings/catalogue.ts says which
-- keys exist, their types and defaults). A key without a row reads as its default.
CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL
);
