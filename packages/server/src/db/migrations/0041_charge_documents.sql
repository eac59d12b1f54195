-- A charge's JSON documents repeat from charge to charge: a store has a handful of outcomes, and a
-- returning customer pays with the same card and the same billing address. They were about 670 of
-- a charge's 970 bytes. Like fee rates (migration 0040), each distinct document is now kept once,
-- in `charge_documents` (what `fee_rate_sets` becomes), and a charge names it: `outcome_id`,
-- `payment_method_details_id`, `billing_details_id` and `fee_rates_id`. One trigger does it for
-- every way charges are written (a checkout's insert, a capture's or a review's update, the
-- seeder's bulk inserts and COPY, in replica mode too): a document written in its column is moved
-- to its row and the column left null. Charges written before keep their own copies, which the
-- reads take first (engine/document-rows.ts). A payment_risk row (migration 0026) reads the card's
-- checks through the same rule.
--
-- An order's billing and shipping addresses repeat the same way (a returning customer orders from
-- the same address, which is nearly always where the order ships too): about 210 of an order's
-- 340 bytes. They are kept there too, named by `billing_address_id` and `shipping_address_id`.
--
-- A document is found by the SHA-256 of its text (jsonb's text is canonical: the same document
-- always reads the same), which the unique index holds in 32 bytes where the document itself
-- would take its whole size again.
alter table fee_rate_sets rename to charge_documents;
alter index fee_rate_sets_pkey rename to charge_documents_pkey;
alter sequence fee_rate_sets_id_seq rename to charge_documents_id_seq;
alter table charge_documents rename column rates to doc;
alter table charge_documents drop constraint fee_rate_sets_rates_key;
alter table charge_documents add column digest bytea;
update charge_documents set digest = sha256(textsend(doc::text));
alter table charge_documents alter column digest set not null;
alter table charge_documents add constraint charge_documents_digest_key unique (digest);

alter table charges rename column fee_rate_set_id to fee_rates_id;
alter table charges rename constraint charges_fee_rate_set_id_fkey to charges_fee_rates_id_fkey;
alter table charges add column outcome_id bigint references charge_documents (id);
alter table charges add column payment_method_details_id bigint references charge_documents (id);
alter table charges add column billing_details_id bigint references charge_documents (id);
alter table charges alter column outcome drop not null;
alter table charges alter column payment_method_details drop not null;
alter table charges alter column billing_details drop not null;
alter table charges add constraint charges_documents_check check (
  (outcome is not null or outcome_id is not null)
  and (payment_method_details is not null or payment_method_details_id is not null)
  and (billing_details is not null or billing_details_id is not null)
);

drop trigger charges_fee_rate_set on charges;
drop function paydesk_charge_fee_rate_set();

-- The id of a document's row, added when it is new. Two transactions adding the same new document
-- meet on the unique digest: the second finds the first's row.
create function paydesk_charge_document(document jsonb) returns bigint language plpgsql as $$
declare
  key bytea := sha256(textsend(document::text));
  found bigint;
begin
  select id into found from charge_documents where digest = key;
  if found is null then
    insert into charge_documents (doc, digest) values (document, key) on conflict (digest) do nothing
      returning id into found;
    if found is null then
      select id into found from charge_documents where digest = key;
    end if;
  end if;
  return found;
end
$$;

create function paydesk_charge_documents() returns trigger language plpgsql as $$
begin
  if new.outcome is not null then
    new.outcome_id := paydesk_charge_document(new.outcome);
    new.outcome := null;
  end if;
  if new.payment_method_details is not null then
    new.payment_method_details_id := paydesk_charge_document(new.payment_method_details);
    new.payment_method_details := null;
  end if;
  if new.billing_details is not null then
    new.billing_details_id := paydesk_charge_document(new.billing_details);
    new.billing_details := null;
  end if;
  if new.fee_rates is not null then
    new.fee_rates_id := paydesk_charge_document(new.fee_rates);
    new.fee_rates := null;
  end if;
  return new;
end
$$;

create trigger charges_documents before insert or update of outcome, payment_method_details, billing_details, fee_rates
  on charges for each row execute function paydesk_charge_documents();
alter table charges enable always trigger charges_documents;

alter table orders add column billing_address_id bigint references charge_documents (id);
alter table orders add column shipping_address_id bigint references charge_documents (id);
alter table orders alter column billing_address drop not null;
alter table orders alter column shipping_address drop not null;
alter table orders add constraint orders_addresses_check check (
  (billing_address is not null or billing_address_id is not null)
  and (shipping_address is not null or shipping_address_id is not null)
);

create function paydesk_order_documents() returns trigger language plpgsql as $$
begin
  if new.billing_address is not null then
    new.billing_address_id := paydesk_charge_document(new.billing_address);
    new.billing_address := null;
  end if;
  if new.shipping_address is not null then
    new.shipping_address_id := paydesk_charge_document(new.shipping_address);
    new.shipping_address := null;
  end if;
  return new;
end
$$;

create trigger orders_documents before insert or update of billing_address, shipping_address
  on orders for each row execute function paydesk_order_documents();
alter table orders enable always trigger orders_documents;

-- The payment risk projection (migration 0026) reads the card's checks and the addresses where
-- they are now.
create or replace view payment_risk_source as
select bt.id as balance_transaction_id, bt.account_id, bt.created_at, c.amount, c.currency,
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
