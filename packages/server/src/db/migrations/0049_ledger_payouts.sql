-- Which payout swept each ledger row, kept beside the ledger instead of in its rows, so a ledger
-- row is written once. A payout marked the rows it swept by setting their payout_id, an indexed
-- column, so the update could not be a heap-only one: every swept row (nine in ten) left a second
-- version in the heap and a second entry in each of the ledger's indexes, in pages filled long
-- before. On a 100k-row store that was 27 MB of 62 MB of heap, and the indexes of a store grown
-- by payments were 1.6 times the size of the same indexes built at once (docs/performance.md,
-- "Storage"). A sweep now deletes the rows from `ledger_unswept` and inserts them here: narrow
-- rows, each written once.

-- One row per swept ledger row: its payout, and its time for the payout's list order.
create table ledger_payouts (
  seq bigint primary key references balance_transactions (seq),
  payout_id text not null references payouts (id),
  created_at timestamptz not null
);

-- A payout's rows newest first, as the transactions list filtered by a deposit reads them; also
-- its reconciliation, its cube cells and a failed payout's release.
create index ledger_payouts_payout_idx on ledger_payouts (payout_id, created_at desc, seq desc);

-- The ledger rows no payout has swept yet, with what the balance and the payout planner read of
-- them: the rows a payout may take, and the balances, without reading the ledger.
create table ledger_unswept (
  seq bigint primary key references balance_transactions (seq),
  account_id text not null references accounts (id),
  currency text not null,
  available_on timestamptz not null,
  net bigint not null
);

create index ledger_unswept_idx on ledger_unswept (account_id, currency, available_on);

insert into ledger_payouts (seq, payout_id, created_at)
select seq, payout_id, created_at from balance_transactions where payout_id is not null;

insert into ledger_unswept (seq, account_id, currency, available_on, net)
select seq, account_id, currency, available_on, net from balance_transactions where payout_id is null;

-- Every new ledger row is unswept: the ledger's insert trigger lists it here, in the same
-- statement, for every way rows are written (the engine's inserts and the seeder's COPY in
-- replica mode, hence ALWAYS).
create function paydesk_ledger_unswept() returns trigger language plpgsql as $$
begin
  insert into ledger_unswept (seq, account_id, currency, available_on, net)
  select seq, account_id, currency, available_on, net from inserted order by seq;
  return null;
end
$$;

create trigger balance_transactions_unswept after insert on balance_transactions
  referencing new table as inserted
  for each statement execute function paydesk_ledger_unswept();
alter table balance_transactions enable always trigger balance_transactions_unswept;

-- Its indexes (bt_payout_idx, bt_unswept_idx) go with it.
alter table balance_transactions drop column payout_id;
