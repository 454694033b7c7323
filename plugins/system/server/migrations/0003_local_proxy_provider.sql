-- The local proxy provider ("Local (no purchase)"): the orders it took and the addresses it handed
-- out, so each address goes out once. Nothing here was bought anywhere: the addresses come from the
-- documentation ranges (RFC 5737), which reach no real host.
CREATE TABLE system.local_proxy_orders (
  id bigserial PRIMARY KEY,
  provider bigint NOT NULL,
  country text NOT NULL,
  type text NOT NULL,
  period_days integer NOT NULL CHECK (period_days > 0),
  quantity integer NOT NULL CHECK (quantity > 0),
  note text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The next address to hand out, as a position in the ranges (see local-provider.ts).
CREATE SEQUENCE system.local_proxy_addresses MINVALUE 0 START 0;
