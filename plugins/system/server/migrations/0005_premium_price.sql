-- The premium price's amount the buyer confirmed in the Buy dialog, kept with the purchase's term so a
-- retry of a failed purchase (a new job) registers at that price, or refuses if the registry's price
-- changed. NULL for a name bought at its TLD's price, and for purchases recorded before this column.
ALTER TABLE system.domain_purchase_terms ADD COLUMN premium_price numeric;
