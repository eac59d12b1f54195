-- A payment risk row (migration 0026) names its ledger row by the ledger's sequence number, 8
-- bytes, instead of its text id, 29: the rows and their key's index take about 0.05 KB less per
-- ledger row (docs/performance.md, "Storage"). The backtest reads the rows by account and window
-- (payment_risk_window_brin), never by their key. The rows are copied once, in time order, as
-- the trigger writes them, so the block range index keeps finding a window as before.
create table payment_risk_by_seq (
  seq bigint primary key references balance_transactions (seq),
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

insert into payment_risk_by_seq
select bt.seq, r.account_id, r.created_at, r.amount, r.currency, r.items_count, r.ip_country,
       r.billing_country, r.billing_address, r.shipping_address, r.line1_check, r.postal_code_check
  from payment_risk r
  join balance_transactions bt on bt.id = r.balance_transaction_id
 order by r.created_at, bt.seq;

drop table payment_risk;
alter table payment_risk_by_seq rename to payment_risk;
alter index payment_risk_by_seq_pkey rename to payment_risk_pkey;
alter table payment_risk rename constraint payment_risk_by_seq_seq_fkey to payment_risk_seq_fkey;
create index payment_risk_window_brin on payment_risk using brin (account_id, created_at);

-- The projection (migration 0041) names the row the same way; its first column changes, so the
-- view is made anew.
drop view payment_risk_source;
create view payment_risk_source as
select bt.seq, bt.account_id, bt.created_at, c.amount, c.currency,
       o.items_count, c.ip_country,
       o.billing_address ->> 'country' as billing_country,
       case when o.shipping_address is not null and o.shipping_address is distinct from o.billing_address
            then o.billing_address end as billing_address,
       case when o.shipping_address is not null and o.shipping_address is distinct from o.billing_address
            then o.shipping_address end as shipping_address,
       coalesce(c.payment_method_details, m.doc) #>> '{card,checks,address_line1_check}' as line1_check,
       coalesce(c.payment_method_details, m.doc) #>> '{card,checks,address_postal_code_check}' as postal_code_check
  from balance_transactions bt
  join charges c on c.id = bt.charge_id
  left join charge_documents m on m.id = c.payment_method_details_id
  left join (
    select o.id, o.items_count,
           coalesce(o.billing_address, b.doc) as billing_address,
           coalesce(o.shipping_address, s.doc) as shipping_address
      from orders o
      left join charge_documents b on b.id = o.billing_address_id
      left join charge_documents s on s.id = o.shipping_address_id
  ) o on o.id = c.order_id
 where bt.type in ('charge', 'payment');

create or replace function paydesk_payment_risk() returns trigger language plpgsql as $$
begin
  insert into payment_risk
  select s.* from payment_risk_source s
   where s.seq in (select seq from inserted where type in ('charge', 'payment'));
  return null;
end
$$;
