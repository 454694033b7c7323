-- One country reference, the kernel's: an offer's countries now point at core.countries
-- (COUNTRIES_REFERENCE), which names them in the reader's language, and the tracker's own copy
-- goes. Both lists key a country by its ISO numeric code, but each stored value is mapped by the
-- alpha-2 code it stood for, in the offer's order, so a country lands on its core row whatever id
-- it had; a value that names no country is kept as it is (the next edit of the offer asks for a
-- real one). On a new database the offers' table is not made yet (the resource sync runs after
-- the migrations): there is nothing to move.
DO $$
BEGIN
  IF to_regclass('tracker.offers') IS NOT NULL THEN
    UPDATE tracker.offers o
       SET countries = (
         SELECT array_agg(COALESCE(core_country.id, stored.id) ORDER BY stored.position)
           FROM unnest(o.countries) WITH ORDINALITY AS stored (id, position)
           LEFT JOIN tracker.countries own ON own.id = stored.id
           LEFT JOIN core.countries core_country ON core_country.code = own.code)
     WHERE cardinality(o.countries) > 0;
  END IF;
END
$$;

DROP TABLE tracker.countries;
