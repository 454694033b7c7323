-- For record pages: an audit row may carry a detail besides before and after (a comment's text, the entry a
-- revert set back). A record's timeline is read newest first in pages (`id < $before ORDER BY id DESC`),
-- which the new index serves without sorting the record's whole trail.
ALTER TABLE audit_log ADD COLUMN detail jsonb;
CREATE INDEX audit_log_record_page_idx ON audit_log (resource, record_id, id DESC);
DROP INDEX audit_log_record_idx;
