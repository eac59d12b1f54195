-- Monthly fee invoices (VAT invoices), their numbers, and the merchant's VAT details.

create table documents (
  id text primary key,
  account_id text not null references accounts (id),
  type text not null check (type in ('vat_invoice')),
  -- A calendar month in UTC: from its first instant, up to (not including) the next month's.
  period_from timestamptz not null,
  period_to timestamptz not null,
  issued_at timestamptz not null,
  invoice_number text not null unique,
  file_id text not null references files (id),
  created_at timestamptz not null default now(),
  -- One invoice per account and month: a rerun of the month's job writes nothing.
  unique (account_id, type, period_from),
  check (period_to > period_from)
);
create index documents_list_idx on documents (account_id, issued_at desc, id desc);

-- Invoice numbers run without gaps per year: the year's counter is taken under a row lock in
-- the transaction that writes the invoice, so a rolled-back invoice returns its number.
create table invoice_counters (
  year integer primary key,
  last_number integer not null check (last_number >= 0)
);

-- The VAT details the merchant gave for their invoices (one set per account).
create table vat_details (
  account_id text primary key references accounts (id),
  vat_number text,
  name text not null,
  address text not null,
  submitted_at timestamptz not null
);

-- The name and address the account last saved with each VAT number, which the wizard offers
-- again when the number is entered another time.
create table vat_numbers (
  account_id text not null references accounts (id),
  vat_number text not null,
  name text not null,
  address text not null,
  updated_at timestamptz not null,
  primary key (account_id, vat_number)
);

-- Every account's invoice job runs daily beside its payouts and reader fees; it writes the
-- invoices of the months that have closed since the last run.
create or replace function paydesk_enqueue_daily_jobs(account text) returns void language plpgsql as $$
declare
  next_day timestamptz := date_trunc('day', paydesk_engine_now() at time zone 'UTC') at time zone 'UTC' + interval '1 day';
  day_key text := to_char(next_day at time zone 'UTC', 'YYYY-MM-DD');
begin
  insert into jobs (kind, payload, run_at, unique_key) values
    ('payouts.schedule', jsonb_build_object('account_id', account), next_day,
      'payouts.schedule:' || account || ':' || day_key),
    ('readers.fees', jsonb_build_object('account_id', account), next_day,
      'readers.fees:' || account || ':' || day_key),
    ('documents.invoices', jsonb_build_object('account_id', account), next_day,
      'documents.invoices:' || account || ':' || day_key)
  on conflict (unique_key) do nothing;
end
$$;

select paydesk_enqueue_daily_jobs(id) from accounts;
