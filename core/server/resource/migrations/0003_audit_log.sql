-- The resource engine's audit trail: one row per change of a record, written in the same
-- transaction as the change. `before` and `after` are the record's fields as the API shows them,
-- so a secret appears only as the mask. No foreign keys: the trail outlives the rows it describes
-- and the users who made the changes.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  resource text NOT NULL,
  record_id bigint NOT NULL,
  action text NOT NULL,
  actor_id bigint,
  at timestamptz NOT NULL DEFAULT now(),
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_record_idx ON audit_log (resource, record_id);
