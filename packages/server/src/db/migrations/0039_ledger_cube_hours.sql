-- The daily cube's cells by UTC hour, for the days a date rule cuts. A summary whose date rule
-- ends inside a day read that day's ledger rows (about 11,000 at 1M rows over 90 days, 110,000
-- at 10M); with these cells it reads the hours of that day whole from here and only the ledger
-- rows of the hour the bound falls in. Written, and moved between payouts, with the daily cube.
create table ledger_cube_hours (
  account_id text not null,
  hour timestamptz not null,
  type text not null,
  currency text not null,
  customer_currency text,
  customer_country text,
  source text,
  channel text,
  source_device text,
  risk_level smallint,
  payout_id text,
  loan_id text,
  count bigint not null,
  amount bigint not null,
  fee bigint not null,
  net bigint not null
);

create unique index ledger_cube_hours_key on ledger_cube_hours (
  account_id, hour, type, currency, customer_currency, customer_country, source, channel,
  source_device, risk_level, payout_id, loan_id
) nulls not distinct;

insert into ledger_cube_hours
select b.account_id, date_trunc('hour', b.created_at, 'UTC'), b.type, b.currency, b.customer_currency,
       b.customer_country, b.source, b.channel, b.source_device, b.risk_level, b.payout_id,
       coalesce(b.loan_id, repaid.loan_id), count(*), sum(b.amount), sum(b.fee), sum(b.net)
  from balance_transactions b
  left join lateral (
    select p.loan_id from balance_transactions p
     where p.charge_id = b.charge_id and p.created_at = b.created_at
       and p.type = 'financing_paydown' and p.loan_id is not null
     order by p.loan_id limit 1
  ) repaid on b.type in ('charge', 'payment')
 group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12;
