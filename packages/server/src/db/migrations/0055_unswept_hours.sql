-- The balances (available and pending, per currency) summed every row no payout had swept yet:
-- `ledger_unswept` holds the days a payment waits to become available and the days until the next
-- payout, 100,996 rows at 1,000,000 ledger rows over 90 days, about ten times that at 10,000,000,
-- and the Overview and the payouts page read them on every visit (35 ms at 1M). These cells hold
-- the same rows' count and net per account, currency and UTC hour of `available_on`, written by
-- ledger_unswept's own triggers in the statement that adds or removes its rows, so the balances
-- read the cells of the hours before and after the present one and only the rows of the present
-- hour (engine/ledger.ts, `ledgerBalances`; docs/performance.md, "Balances").
create table ledger_unswept_hours (
  account_id text not null,
  currency text not null,
  hour timestamptz not null,
  count bigint not null,
  net bigint not null,
  primary key (account_id, currency, hour)
);

insert into ledger_unswept_hours (account_id, currency, hour, count, net)
select account_id, currency, date_trunc('hour', available_on, 'UTC'), count(*), sum(net)
  from ledger_unswept
 group by 1, 2, 3;

-- Rows listed as unswept (a new ledger row, a payout's rows released) are added to their cells,
-- in key order so that concurrent statements lock shared cells in the same order. ALWAYS, as the
-- ledger's trigger that lists them, so the seeder's COPY in replica mode keeps the cells too.
create function paydesk_unswept_hours_add() returns trigger language plpgsql as $$
begin
  insert into ledger_unswept_hours as h (account_id, currency, hour, count, net)
  select account_id, currency, date_trunc('hour', available_on, 'UTC'), count(*), sum(net)
    from inserted
   group by 1, 2, 3
   order by 1, 2, 3
  on conflict (account_id, currency, hour)
  do update set count = h.count + excluded.count, net = h.net + excluded.net;
  return null;
end
$$;

create trigger ledger_unswept_hours_add after insert on ledger_unswept
  referencing new table as inserted
  for each statement execute function paydesk_unswept_hours_add();
alter table ledger_unswept enable always trigger ledger_unswept_hours_add;

-- Rows a payout sweeps (or a reset deletes) leave their cells; a cell left with no rows goes.
create function paydesk_unswept_hours_remove() returns trigger language plpgsql as $$
begin
  update ledger_unswept_hours h
     set count = h.count - r.count, net = h.net - r.net
    from (select account_id, currency, date_trunc('hour', available_on, 'UTC') as hour,
                 count(*) as count, sum(net) as net
            from deleted
           group by 1, 2, 3) r
   where h.account_id = r.account_id and h.currency = r.currency and h.hour = r.hour;
  delete from ledger_unswept_hours h
   where h.count = 0 and h.account_id in (select distinct account_id from deleted);
  return null;
end
$$;

create trigger ledger_unswept_hours_remove after delete on ledger_unswept
  referencing old table as deleted
  for each statement execute function paydesk_unswept_hours_remove();
alter table ledger_unswept enable always trigger ledger_unswept_hours_remove;
