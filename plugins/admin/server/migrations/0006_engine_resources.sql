-- Articles and RDP servers become resources of the core engine (plugins/admin/shared), which adds
-- their meta columns (version, created_by, updated_by) at start-up and keeps its own unique
-- indexes (case-insensitive), whose violations it reports as 422 on the field.

-- The engine refuses an external id another article holds in any letter case. Rows that differ
-- only in case would stop its unique index from being built, so every such row but the oldest
-- gets its id appended; no row is lost.
UPDATE articles a
SET external_id = left(a.external_id, 50) || '-' || a.id::text, updated_at = now()
WHERE EXISTS (SELECT 1 FROM articles b WHERE lower(b.external_id) = lower(a.external_id) AND b.id < a.id);

-- The engine's indexes take over from these.
DROP INDEX IF EXISTS articles_external_id_key;
DROP INDEX IF EXISTS rdp_servers_name_key;
