-- The Overview's payment activity (engine/reporting) reads one settlement currency's rollup hours
-- over a period: this index serves that range without visiting the table (after a vacuum), and
-- lets the deposit currencies be found by a loose scan, one probe per currency, instead of
-- reading the account's whole history.
create index ledger_rollups_currency_idx on ledger_rollups (account_id, currency, hour)
  include (type, amount, fee);
