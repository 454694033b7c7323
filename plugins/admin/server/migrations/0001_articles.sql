CREATE TABLE articles (
  id bigserial PRIMARY KEY,
  url text NOT NULL,
  external_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX articles_external_id_key ON articles (external_id);
CREATE INDEX articles_created_at_idx ON articles (created_at DESC);
