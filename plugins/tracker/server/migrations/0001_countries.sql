-- ISO 3166-1 countries: an offer's countries point at these rows.
-- The id is the ISO numeric code, so an id means the same country everywhere; the code is alpha-2.
-- The columns are those the resource engine gives tracker.countries (shared/resources.ts), so its
-- start-up sync finds the table complete; the API never writes it (server/rules/countries-rules.ts).
CREATE TABLE tracker.countries (
  id bigint PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint,
  updated_by bigint,
  code text,
  name text
);

-- The rows are the core's countries (core migration 0007, run before any plugin's), held once.
INSERT INTO tracker.countries (id, code, name) SELECT id, code, name FROM core.countries;
