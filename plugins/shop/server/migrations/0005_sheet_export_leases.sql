-- One export of a team's orders at a time, across every server copy: a row is a lease held until
-- `until` (a crashed export frees its team when the lease runs out).
CREATE TABLE shop.sheet_export_leases (
  team_id bigint PRIMARY KEY,
  until timestamptz NOT NULL
);
