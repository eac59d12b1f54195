-- Daily sums of the ledger by every attribute the transactions filters read: type, store and
-- customer currency, customer country, payment method type, channel, device, risk level and the
-- payout that swept the rows. Written in the same database transaction as the ledger rows (and
-- moved between payouts as rows are swept and released), so the transactions summary answers
-- any of those filters, in any combination, from a few thousand rows whatever the ledger's size.
-- loan_id is the loan a row belongs to in the transactions list's loan filter: its own rows (the
-- disbursement, the repayments) and the charge or payment a repayment was withheld from, which is
-- written with its repayment in one transaction, at the same instant.
-- customer_currency is kept as the ledger has it (null for a row in the store currency), so the
-- list's own conditions apply to these rows unchanged.
create table ledger_cube (
  account_id text not null,
  day timestamptz not null,
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

create unique index ledger_cube_key on ledger_cube (
  account_id, day, type, currency, customer_currency, customer_country, source, channel,
  source_device, risk_level, payout_id, loan_id
) nulls not distinct;

insert into ledger_cube
select b.account_id, date_trunc('day', b.created_at, 'UTC'), b.type, b.currency, b.customer_currency,
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
