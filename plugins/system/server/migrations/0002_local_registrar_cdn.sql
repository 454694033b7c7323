-- The local registrar and CDN ("Local (no purchase)"): what a fresh install "buys" without any outside
-- system. Nothing here is a real registration or zone; domains registered this way are marked local.

-- A name taken at the local registrar, by the domain record it was registered for.
CREATE TABLE system.local_registrations (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  domain_id bigint NOT NULL,
  years integer NOT NULL CHECK (years BETWEEN 1 AND 10),
  expiry_date date NOT NULL,
  nameservers text[] NOT NULL DEFAULT '{}',
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- A zone at the local CDN, named by its domain.
CREATE TABLE system.local_cdn_zones (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  nameservers text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE system.local_cdn_records (
  id bigserial PRIMARY KEY,
  zone_id bigint NOT NULL REFERENCES system.local_cdn_zones (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('A', 'AAAA')),
  name text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (zone_id, type, name, content)
);

-- How many years each purchase asked for, so a retry registers for the same term.
CREATE TABLE system.domain_purchase_terms (
  domain_id bigint PRIMARY KEY,
  years integer NOT NULL CHECK (years BETWEEN 1 AND 10)
);
