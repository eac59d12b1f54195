-- Disputes searched by customer (engine/disputes/list.ts). The search matched the name and
-- e-mail of each dispute's order, so it read every dispute's charge and order before it could
-- cut a page: 1.4 s for an account's 48,314 disputes at 10M ledger rows (docs/plans-10m.md). A
-- dispute now keeps its order's customer name and e-mail, and the expressions the ledger's
-- search indexes (migration 0004) find a name or an e-mail prefix among the account's disputes.
-- An order's customer is never changed once written, so the copy cannot go stale. A trigger
-- writes it for every way a dispute is written (the engine's inserts, the seeder's inserts and
-- COPY, in replica mode too); a dispute whose charge has no order keeps empty text, as the
-- columns of the ledger's fees do.
alter table disputes
  add column customer_name text not null default '',
  add column customer_email text not null default '';

update disputes d
set customer_name = o.customer_name, customer_email = o.customer_email
from charges c
join orders o on o.id = c.order_id
where c.id = d.charge_id;

create or replace function paydesk_dispute_customer() returns trigger language plpgsql as $$
begin
  select o.customer_name, o.customer_email into new.customer_name, new.customer_email
  from charges c
  join orders o on o.id = c.order_id
  where c.id = new.charge_id;
  new.customer_name := coalesce(new.customer_name, '');
  new.customer_email := coalesce(new.customer_email, '');
  return new;
end $$;

create trigger disputes_customer before insert on disputes
  for each row execute function paydesk_dispute_customer();
alter table disputes enable always trigger disputes_customer;

create index disputes_name_idx on disputes
  (account_id, (lower(customer_name) collate "C"), (lower(customer_email) collate "C"));
create index disputes_email_idx on disputes (account_id, (lower(customer_email) collate "C"));

-- The currencies of an account's disputes, which the disputes summary answers, by a loose scan
-- (db/loose-scan.ts): one probe per currency, where a distinct read every dispute of the account.
create index disputes_currency_idx on disputes (account_id, currency);
