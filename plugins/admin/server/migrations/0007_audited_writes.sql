-- Keitaro servers and reverses become resources of the core engine (plugins/admin/shared/keitaro.ts):
-- it adds their meta columns at start-up and keeps its own case-insensitive unique indexes, whose
-- violations it reports as 422 on the field. These take over from the indexes below.
DROP INDEX IF EXISTS keitaro_servers_name_key;
DROP INDEX IF EXISTS keitaro_reverses_address_key;

-- RDP grants and tracker users are written through the engine too (server/account-records.ts),
-- without generic routes of their own, so their meta columns are added here. `created_by` keeps no
-- foreign key, as on every engine table: the audit trail outlives the users who made the changes.
ALTER TABLE rdp_users
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by bigint,
  DROP CONSTRAINT IF EXISTS rdp_users_created_by_fkey;

ALTER TABLE tracker_users
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by bigint,
  ADD COLUMN updated_by bigint;
