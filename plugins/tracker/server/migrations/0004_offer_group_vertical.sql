-- An offer's group is a vertical (finance's), no longer free text. On a database that has
-- offers, the text moves to group_legacy and "group" becomes a reference (bigint, as the engine's
-- schema sync makes one): the vertical whose name it is, case and outer spaces aside. Text that names
-- no vertical stays in group_legacy, read-only and shown as not in the list until someone picks the
-- group. The engine's indexes of the text column are dropped with their names; the schema sync makes
-- those of both columns again.
DO $$
DECLARE
  stale record;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('tracker.offers') AND attname = 'group' AND atttypid = 'text'::regtype AND NOT attisdropped) THEN
    FOR stale IN SELECT indexname FROM pg_indexes WHERE schemaname = 'tracker' AND tablename = 'offers' AND indexname LIKE 'offers\_\_group\_\_%' LOOP
      EXECUTE format('DROP INDEX tracker.%I', stale.indexname);
    END LOOP;
    ALTER TABLE tracker.offers RENAME COLUMN "group" TO group_legacy;
    ALTER TABLE tracker.offers ADD COLUMN "group" bigint;
    UPDATE tracker.offers SET group_legacy = NULL WHERE btrim(group_legacy) = '';
    IF to_regclass('finance.verticals') IS NOT NULL THEN
      UPDATE tracker.offers o
         SET "group" = v.id, group_legacy = NULL
        FROM (SELECT lower(btrim(name)) AS name, min(id) AS id FROM finance.verticals WHERE deleted_at IS NULL GROUP BY 1) v
       WHERE v.name = lower(btrim(o.group_legacy));
    END IF;
  END IF;
END
$$;
