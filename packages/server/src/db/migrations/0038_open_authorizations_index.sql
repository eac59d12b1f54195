-- The uncaptured tab reads authorizations that still stand: succeeded, not captured, and not
-- voided or lapsed (a void or an expiry clears authorization_expires_at). The index of 0002 held
-- every succeeded, uncaptured charge, so the voided and lapsed ones, which only ever accumulate,
-- were fetched from the table and thrown away by each count and page: about 268 ms for the tab's
-- count at 1M ledger rows on the embedded database. This one holds only the standing ones, with
-- the currency and amount the count sums, so the count reads the index alone.
drop index charges_uncaptured_idx;
create index charges_uncaptured_idx on charges (account_id, created_at, id) include (currency, amount)
  where status = 'succeeded' and captured = false and authorization_expires_at is not null;
