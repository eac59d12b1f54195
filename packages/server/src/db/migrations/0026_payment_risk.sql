-- What the fraud rules read of each payment, one narrow row per charge (or local-method payment)
-- of the ledger, for the backtest of unsaved filters over past payments. Read from the charges
-- and orders, whose rows are wide (a charge carries its payment-method details), the 30 days of
-- a large store do not stay cached; these rows do. Written by the ledger's insert trigger below,
-- from the one projection (payment_risk_source) the backfill uses too. Addresses are kept only
-- when the order ships to a different address than it bills; the rules compare them.
create view payment_risk_source as
select bt.id as balance_transaction_id, bt.account_id, bt.created_at, c.amount, c.currency,
       o.items_count, c.ip_country,
       o.billing_address ->> 'country' as billing_country,
       case when o.shipping_address is not null and o.shipping_address is distinct from o.billing_address
            then o.billing_address end as billing_address,
       case when o.shipping_address is not null and o.shipping_address is distinct from o.billing_address
            then o.shipping_address end as shipping_address,
       c.payment_method_details #>> '{card,checks,address_line1_check}' as line1_check,
       c.payment_method_details #>> '{card,checks,address_postal_code_check}' as postal_code_check
  from balance_transactions bt
  join charges c on c.id = bt.charge_id
  left join orders o on o.id = c.order_id
 where bt.type in ('charge', 'payment');

create table payment_risk (
  balance_transaction_id text primary key references balance_transactions (id),
  account_id text not null,
  created_at timestamptz not null,
  amount bigint not null,
  currency text not null,
  items_count integer,
  ip_country text,
  billing_country text,
  billing_address jsonb,
  shipping_address jsonb,
  line1_check text,
  postal_code_check text
);

insert into payment_risk select * from payment_risk_source order by created_at;

create index payment_risk_window_idx on payment_risk (account_id, created_at);

-- The charge and its order are written before the ledger row that records the payment (one
-- transaction applies both), so the projection finds them.
create or replace function paydesk_payment_risk() returns trigger language plpgsql as $$
begin
  insert into payment_risk
  select s.* from payment_risk_source s
   where s.balance_transaction_id in (select id from inserted where type in ('charge', 'payment'));
  return null;
end
$$;

create trigger balance_transactions_payment_risk after insert on balance_transactions
  referencing new table as inserted
  for each statement execute function paydesk_payment_risk();

-- Fired in replica mode too, where the seeder's bulk batches skip the other triggers.
alter table balance_transactions enable always trigger balance_transactions_payment_risk;
