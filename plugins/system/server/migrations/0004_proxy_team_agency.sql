-- A proxy's team is a finance agency, no longer free text. On a database that has proxies,
-- the text moves to team_legacy and team becomes a reference (bigint, as the engine's schema sync
-- makes one): the agency whose name it is, case and outer spaces aside. Text that names no agency,
-- and every text when finance has no agencies here, stays in team_legacy, read-only and shown as not
-- in the list until someone picks the team. The engine's indexes of the text column are dropped with
-- their names; the schema sync makes those of both columns again.
DO $$
DECLARE
  stale record;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('system.proxies') AND attname = 'team' AND atttypid = 'text'::regtype AND NOT attisdropped) THEN
    FOR stale IN SELECT indexname FROM pg_indexes WHERE schemaname = 'system' AND tablename = 'proxies' AND indexname LIKE 'proxies\_\_team\_\_%' LOOP
      EXECUTE format('DROP INDEX system.%I', stale.indexname);
    END LOOP;
    ALTER TABLE system.proxies RENAME COLUMN team TO team_legacy;
    ALTER TABLE system.proxies ADD COLUMN team bigint;
    UPDATE system.proxies SET team_legacy = NULL WHERE btrim(team_legacy) = '';
    IF to_regclass('finance.agencies') IS NOT NULL THEN
      UPDATE system.proxies p
         SET team = a.id, team_legacy = NULL
        FROM (SELECT lower(btrim(name)) AS name, min(id) AS id FROM finance.agencies WHERE deleted_at IS NULL GROUP BY 1) a
       WHERE a.name = lower(btrim(p.team_legacy));
    END IF;
  END IF;
END
$$;
