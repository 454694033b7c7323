-- A job's log line is stored as a message key and its values, and worded for each reader when read:
-- when `params` is set, `message` is the key (the English template, `{name}` and `{name:kind}`
-- placeholders) and `params` its values in their canonical forms (ISO days, decimal amounts).
-- Lines written before, or as plain text, keep `params` null and are shown as they were written.
ALTER TABLE job_logs ADD COLUMN params jsonb;
