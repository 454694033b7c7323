-- A white's uploaded site archive (a zip of at most 20 MB), one per white, kept apart from the
-- whites table so its lists never read the bytes. The white's row says the archive's name and size.
-- No foreign key: the whites table is made by the resource engine after the migrations run; whites
-- are only soft-deleted, and the download answers for live whites alone.
CREATE TABLE system.white_archives (
  white_id bigint PRIMARY KEY,
  content bytea NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
