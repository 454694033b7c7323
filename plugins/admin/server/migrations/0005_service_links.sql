-- Tracker users (a user's account on a Keitaro tracker) and service links: one row per account a
-- user holds in an outside service (tracker account, issue-tracker account, RDP grant).
CREATE TABLE tracker_users (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
  service_name text NOT NULL,
  is_created_group boolean NOT NULL DEFAULT false,
  tracker_id bigint NOT NULL REFERENCES keitaro_servers (id) ON DELETE CASCADE,
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tracker_users_account_key ON tracker_users (user_id, service_name, tracker_id);

CREATE TABLE service_links (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
  service text NOT NULL,
  -- Exactly one source; the link goes with it.
  tracker_user_id bigint REFERENCES tracker_users (id) ON DELETE CASCADE,
  rdp_user_id bigint REFERENCES rdp_users (id) ON DELETE CASCADE,
  you_track_user_id bigint REFERENCES you_track_accounts (user_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT service_links_one_source CHECK (num_nonnulls(tracker_user_id, rdp_user_id, you_track_user_id) = 1)
);
CREATE UNIQUE INDEX service_links_tracker_user_key ON service_links (tracker_user_id) WHERE tracker_user_id IS NOT NULL;
CREATE UNIQUE INDEX service_links_rdp_user_key ON service_links (rdp_user_id) WHERE rdp_user_id IS NOT NULL;
CREATE UNIQUE INDEX service_links_you_track_key ON service_links (you_track_user_id) WHERE you_track_user_id IS NOT NULL;
CREATE INDEX service_links_user_idx ON service_links (user_id, service);

-- The default link of each user and service. Without a row (or once its link is gone) the oldest
-- link is the default, so a user with links to a service always has exactly one default.
CREATE TABLE service_link_defaults (
  user_id bigint NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
  service text NOT NULL,
  link_id bigint NOT NULL REFERENCES service_links (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, service)
);
