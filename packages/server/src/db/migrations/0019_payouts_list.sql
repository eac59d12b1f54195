-- The payouts list and its CSV export (engine/payouts/query.ts).

-- The list sorts by the arrival date (the date it shows), newest first, and filters on it.
create index payouts_arrival_idx on payouts (account_id, arrival_date desc, id desc);

-- Payouts are exported like transactions.
alter table exports drop constraint exports_kind_check;
alter table exports add constraint exports_kind_check
  check (kind in ('transactions', 'fraud_outcomes', 'deposits'));
