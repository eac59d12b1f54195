-- The ledger's sums per customer, for the transactions summary of a search. The daily cube
-- (0037) answers every other filter, but a search reads the customer's name and e-mail, which
-- the cube does not keep, so the summary of a search summed the ledger rows it selected: for a
-- name prefix, 0.1–0.3 s at 1M rows and 3.7–4.3 s at 10M (docs/performance.md). A store has far
-- fewer customers than ledger rows, and a search selects whole customers, so the same conditions
-- read these rows instead.
--
-- One row per account, customer (name and e-mail, as the ledger keeps them) and the attributes a
-- customer's rows may differ by that the summary reports or filters a search by: type, store
-- currency, customer currency and country, payment method type. Columns are named as the
-- ledger's, so the list's own conditions select them unchanged. Rows without a name and an
-- e-mail (a card reader's fee, a loan's payout) match no search and are left out. Written by the
-- ledger's insert trigger below, in the same statement as the rows; the ledger is append-only in
-- these columns (a payout sweep sets payout_id only), and an account's reset deletes them.
create table ledger_customers (
  account_id text not null references accounts (id),
  customer_name text,
  customer_email text,
  type text not null,
  currency text not null,
  customer_currency text,
  customer_country text,
  source text,
  count bigint not null,
  amount bigint not null,
  fee bigint not null,
  net bigint not null
);

create unique index ledger_customers_key on ledger_customers (
  account_id, customer_name, customer_email, type, currency, customer_currency, customer_country, source
) nulls not distinct;

-- The search's expressions (migration 0004, engine/customer-search.ts customerKeys): a name or
-- e-mail prefix reads a range of these.
create index ledger_customers_name_idx on ledger_customers
  (account_id, (lower(customer_name) collate "C"), (lower(customer_email) collate "C"));
create index ledger_customers_email_idx on ledger_customers
  (account_id, (lower(customer_email) collate "C"));

insert into ledger_customers
select account_id, customer_name, customer_email, type, currency, customer_currency, customer_country,
       source, count(*), sum(amount), sum(fee), sum(net)
  from balance_transactions
 where customer_name is not null or customer_email is not null
 group by 1, 2, 3, 4, 5, 6, 7, 8;

-- Each statement's rows summed per key, then added in key order, so two transactions writing
-- the same customers take their rows' locks in one order.
create or replace function paydesk_ledger_customers() returns trigger language plpgsql as $$
begin
  insert into ledger_customers as c
  select account_id, customer_name, customer_email, type, currency, customer_currency,
         customer_country, source, count(*), sum(amount), sum(fee), sum(net)
    from inserted
   where customer_name is not null or customer_email is not null
   group by 1, 2, 3, 4, 5, 6, 7, 8
   order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (account_id, customer_name, customer_email, type, currency, customer_currency,
               customer_country, source)
  do update set count = c.count + excluded.count, amount = c.amount + excluded.amount,
                fee = c.fee + excluded.fee, net = c.net + excluded.net;
  return null;
end
$$;

create trigger balance_transactions_customers after insert on balance_transactions
  referencing new table as inserted
  for each statement execute function paydesk_ledger_customers();

-- Fired in replica mode too, where the seeder's bulk batches skip the other triggers.
alter table balance_transactions enable always trigger balance_transactions_customers;
