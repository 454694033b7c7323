-- When a user's standing can end a signed-in session early (blocked, deleted, codes changed), so that
-- every server copy's revocation cache (core/server/auth/revocation-cache.ts) reads the change at its
-- next poll. A trigger rather than each writer, so no path that changes these columns is missed.
ALTER TABLE users ADD COLUMN access_changed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX users_access_changed_at_idx ON users (access_changed_at);

CREATE FUNCTION users_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The statement's clock, not the transaction start: closer to when the change becomes visible.
  NEW.access_changed_at := clock_timestamp();
  RETURN NEW;
END
$$;

CREATE TRIGGER users_access_changed BEFORE UPDATE OF status, deleted_at, permissions_version ON users
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.permissions_version IS DISTINCT FROM NEW.permissions_version)
  EXECUTE FUNCTION users_access_changed();
