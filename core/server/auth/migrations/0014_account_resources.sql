-- Users and roles become engine resources (core/shared/resource/core-resources.ts): the engine's
-- meta columns (version for the compare-and-set, who created and last changed the row), blocking
-- as a time, and the user's role ids kept on the row so lists filter and export by role.

ALTER TABLE users
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_by bigint,
  ADD COLUMN updated_by bigint,
  ADD COLUMN blocked_at timestamptz,
  ADD COLUMN role_ids bigint[] NOT NULL DEFAULT '{}';

-- The moment a user was blocked is not known; the last change to the row is the closest there is.
UPDATE users SET blocked_at = updated_at WHERE status = 'blocked';
UPDATE users u SET role_ids = ARRAY(SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role_id);

-- The status is what blocked_at says, computed by the database, so no writer can set one without
-- the other. A generated column cannot be named in UPDATE OF, so the trigger that moves
-- access_changed_at (0004) now watches blocked_at instead.
DROP TRIGGER users_access_changed ON users;
ALTER TABLE users DROP COLUMN status;
ALTER TABLE users
  ADD COLUMN status text GENERATED ALWAYS AS (CASE WHEN blocked_at IS NULL THEN 'active' ELSE 'blocked' END) STORED;

CREATE TRIGGER users_access_changed BEFORE UPDATE OF blocked_at, deleted_at, permissions_version ON users
  FOR EACH ROW
  WHEN ((OLD.blocked_at IS NULL) IS DISTINCT FROM (NEW.blocked_at IS NULL)
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.permissions_version IS DISTINCT FROM NEW.permissions_version)
  EXECUTE FUNCTION users_access_changed();

CREATE INDEX users_role_ids_idx ON users USING gin (role_ids);
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);

-- Every writer of user_roles (the users routes, sign-in's first superadmin, plugins' staff
-- creation) leaves role_ids right without knowing of it. It is derived data, not an edit: the
-- version and updated_at stay as they are (the writer that changed the roles moves them).
CREATE FUNCTION user_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected bigint[] := ARRAY[]::bigint[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN affected := affected || NEW.user_id; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN affected := affected || OLD.user_id; END IF;
  UPDATE core.users u
     SET role_ids = ARRAY(SELECT ur.role_id FROM core.user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role_id)
   WHERE u.id = ANY(affected);
  RETURN NULL;
END
$$;

CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION user_roles_changed();

ALTER TABLE roles
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN created_by bigint,
  ADD COLUMN updated_by bigint;
