-- Spreadsheet tables ("Google tables"): a tree kept flat, each row naming its parent and
-- its place among its siblings. Deleting a table deletes the tables under it.
CREATE TABLE google_tables (
  id bigserial PRIMARY KEY,
  name_en text NOT NULL,
  name_ru text NOT NULL,
  spreadsheet_id text NOT NULL,
  parent_id bigint REFERENCES google_tables (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS DISTINCT FROM id)
);
CREATE INDEX google_tables_parent_position_idx ON google_tables (parent_id, position);
