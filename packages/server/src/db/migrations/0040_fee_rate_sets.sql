-- A charge's fee rates (how its fee was made up: docs/pricing.md) are one of a few dozen sets in
-- a store, yet each charge kept its own copy, about 240 bytes of its 1.2 KB. Each distinct set is
-- now kept once, and a charge names it. The trigger does it for every way charges are written
-- (a capture's update, the seeder's bulk inserts and COPY, in replica mode too): a charge written
-- with `fee_rates` keeps the set's id instead. Charges written before keep their own copy, which
-- the reads take when there is one.
create table fee_rate_sets (
  id bigint generated always as identity primary key,
  rates jsonb not null unique
);

alter table charges add column fee_rate_set_id bigint references fee_rate_sets (id);

create function paydesk_charge_fee_rate_set() returns trigger language plpgsql as $$
declare
  set_id bigint;
begin
  select id into set_id from fee_rate_sets where rates = new.fee_rates;
  if set_id is null then
    insert into fee_rate_sets (rates) values (new.fee_rates) on conflict (rates) do nothing
      returning id into set_id;
    -- Another transaction added the same set meanwhile.
    if set_id is null then
      select id into set_id from fee_rate_sets where rates = new.fee_rates;
    end if;
  end if;
  new.fee_rate_set_id := set_id;
  new.fee_rates := null;
  return new;
end
$$;

create trigger charges_fee_rate_set before insert or update of fee_rates on charges
  for each row when (new.fee_rates is not null) execute function paydesk_charge_fee_rate_set();
alter table charges enable always trigger charges_fee_rate_set;
