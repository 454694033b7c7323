-- The tracker's own statistics, read by the full report when no tracker with a Keitaro server is
-- chosen. A row is an aggregate of one day and one combination of offer, stream, campaign and
-- country: a line of a tracker's CSV export, or a single conversion an S2S postback reported
-- (then it carries the click id and status). Ids of advertisers, offers, streams and trackers are
-- kept without foreign keys: the statistics stay readable when such a record is deleted.
CREATE TABLE tracker.statistics (
  id bigserial PRIMARY KEY,
  day date NOT NULL,
  tracker_id bigint,
  advertiser_id bigint,
  offer_id bigint,
  stream_id bigint,
  campaign text CHECK (char_length(campaign) BETWEEN 1 AND 200),
  country char(2) CHECK (country ~ '^[A-Z]{2}$'),
  clicks bigint NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  unique_clicks bigint NOT NULL DEFAULT 0 CHECK (unique_clicks >= 0 AND unique_clicks <= clicks),
  -- Conversions not rejected (pending leads and sales); sales are the approved ones among them.
  leads bigint NOT NULL DEFAULT 0 CHECK (leads >= 0),
  sales bigint NOT NULL DEFAULT 0 CHECK (sales >= 0 AND sales <= leads),
  revenue numeric(18, 2) NOT NULL DEFAULT 0,
  cost numeric(18, 2) NOT NULL DEFAULT 0 CHECK (cost >= 0),
  origin text NOT NULL CHECK (origin IN ('postback', 'import', 'demo')),
  -- A postback's conversion: its click id is unique per tracker, so a repeated postback is ignored.
  click_id text CHECK (char_length(click_id) BETWEEN 1 AND 200),
  status text CHECK (status IN ('lead', 'sale', 'rejected')),
  -- What an imported line stands for (tracker, day, offer, stream, campaign, country), hashed: a later
  -- export of the same day replaces its numbers rather than adding them (demo rows: their own key).
  import_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((click_id IS NULL) = (status IS NULL))
);
CREATE UNIQUE INDEX statistics_click ON tracker.statistics (tracker_id, click_id) WHERE click_id IS NOT NULL;
CREATE INDEX statistics_day ON tracker.statistics (day, tracker_id);

-- The key every tracker's postback secret is derived from: generated once, so every server copy
-- sharing the database checks a postback alike, and nothing per tracker is stored.
CREATE TABLE tracker.postback_key (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  key text NOT NULL
);
