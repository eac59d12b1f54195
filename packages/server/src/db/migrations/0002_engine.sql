-- The payments engine: account, orders, intents, charges, refunds, disputes, payouts, the ledger
-- and its rollups, fraud outcomes, timeline, files, card readers, loans, exchange rates, jobs.
-- Money columns are integer minor units (bigint) beside their currency.

create table accounts (
  id text primary key,
  mode text not null check (mode in ('test', 'live')),
  status text not null,
  country text not null check (country ~ '^[A-Z]{2}$'),
  default_currency text not null check (default_currency ~ '^[a-z]{3}$'),
  business_name text not null default '',
  business_type text,
  business_structure text,
  mcc text,
  business_url text not null default '',
  support_email text not null default '',
  details_submitted boolean not null default false,
  payments_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  is_test_drive boolean not null default false,
  requirements jsonb not null default '{"errors": [], "currently_due": [], "past_due": [], "current_deadline": null}'::jsonb,
  progressive_onboarding jsonb not null default '{"isEnabled": false, "isComplete": false}'::jsonb,
  onboarding_data jsonb not null default '{}'::jsonb,
  deposit_schedule_interval text not null default 'daily'
    check (deposit_schedule_interval in ('daily', 'weekly', 'monthly', 'manual')),
  deposit_delay_days integer not null default 7 check (deposit_delay_days between 0 and 30),
  deposit_weekly_anchor text,
  deposit_monthly_anchor integer check (deposit_monthly_anchor between 1 and 31),
  deposits_blocked boolean not null default false,
  deposit_completed_waiting_period boolean not null default false,
  deposit_minimum_amounts jsonb not null default '{}'::jsonb,
  external_accounts jsonb not null default '[]'::jsonb,
  instant_payout_fee_bp integer not null default 150,
  decline_on_avs_failure boolean not null default true,
  is_manual_capture_enabled boolean not null default false,
  fraud_protection_level text not null default 'basic',
  fraud_rules jsonb not null default '[]'::jsonb,
  settings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null default now()
);

create table orders (
  id bigserial primary key,
  number text not null unique,
  status text not null default 'pending',
  currency text not null check (currency ~ '^[a-z]{3}$'),
  total bigint not null check (total >= 0),
  items_count integer not null default 1 check (items_count >= 0),
  customer_name text not null default '',
  customer_email text not null default '',
  customer_country text,
  billing_address jsonb not null default '{}'::jsonb,
  shipping_address jsonb not null default '{}'::jsonb,
  subscriptions jsonb not null default '[]'::jsonb,
  created_at timestamptz not null
);

create table payment_intents (
  id text primary key,
  account_id text not null references accounts (id),
  order_id bigint references orders (id),
  amount bigint not null check (amount > 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  capture_method text not null check (capture_method in ('automatic', 'manual')),
  status text not null check (status in ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled')),
  payment_method_type text not null,
  latest_charge_id text,
  last_payment_error jsonb,
  fraud_outcome text check (fraud_outcome in ('allow', 'review', 'block')),
  cancellation_reason text,
  created_at timestamptz not null,
  canceled_at timestamptz
);
create index payment_intents_order_idx on payment_intents (order_id);

create table charges (
  id text primary key,
  account_id text not null references accounts (id),
  payment_intent_id text not null references payment_intents (id),
  order_id bigint references orders (id),
  amount bigint not null check (amount > 0),
  amount_captured bigint not null default 0 check (amount_captured >= 0),
  amount_refunded bigint not null default 0 check (amount_refunded >= 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  status text not null check (status in ('succeeded', 'pending', 'failed')),
  paid boolean not null,
  captured boolean not null default false,
  refunded boolean not null default false,
  failure_code text,
  failure_message text,
  outcome jsonb not null,
  risk_level smallint,
  payment_method_id text not null,
  payment_method_type text not null,
  payment_method_details jsonb not null,
  billing_details jsonb not null default '{}'::jsonb,
  channel text not null default 'online' check (channel in ('online', 'in_person', 'in_person_pos')),
  source_device text check (source_device in ('ios', 'android')),
  reader_id text,
  settlement_currency text not null,
  exchange_rate text,
  application_fee_amount bigint not null default 0,
  fee_rates jsonb,
  refunds_fail boolean not null default false,
  -- What the sandbox scripted for this payment (a dispute after capture), from the test card.
  scripted_dispute jsonb,
  ip_address text,
  ip_country text,
  dispute_id text,
  authorization_expires_at timestamptz,
  captured_at timestamptz,
  created_at timestamptz not null,
  -- Captures never exceed the authorization; refunds never exceed the capture.
  check (amount_captured <= amount),
  check (amount_refunded <= amount_captured)
);
create index charges_intent_idx on charges (payment_intent_id);
create index charges_order_idx on charges (order_id);
-- Uncaptured authorizations, oldest first (the uncaptured tab).
create index charges_uncaptured_idx on charges (account_id, created_at, id)
  where status = 'succeeded' and captured = false;

create table refunds (
  id text primary key,
  account_id text not null references accounts (id),
  charge_id text not null references charges (id),
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  reason text check (reason in ('duplicate', 'fraudulent', 'requested_by_customer')),
  failure_reason text,
  user_id bigint references users (id),
  created_at timestamptz not null
);
create index refunds_charge_idx on refunds (charge_id);

create table disputes (
  id text primary key,
  account_id text not null references accounts (id),
  charge_id text not null references charges (id),
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null check (status in (
    'warning_needs_response', 'warning_under_review', 'warning_closed',
    'needs_response', 'under_review', 'charge_refunded', 'won', 'lost')),
  reason text not null,
  evidence jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  due_by timestamptz not null,
  has_evidence boolean not null default false,
  submission_count integer not null default 0,
  issuer_evidence jsonb not null default '[]'::jsonb,
  created_at timestamptz not null,
  closed_at timestamptz
);
create unique index disputes_charge_idx on disputes (charge_id);
create index disputes_list_idx on disputes (account_id, created_at desc, id desc);
create index disputes_status_idx on disputes (account_id, status, due_by);

create table payouts (
  id text primary key,
  account_id text not null references accounts (id),
  type text not null default 'deposit' check (type in ('deposit', 'withdrawal')),
  method text not null default 'standard' check (method in ('standard', 'instant')),
  automatic boolean not null default true,
  amount bigint not null,
  fee bigint not null default 0 check (fee >= 0),
  fee_percentage_bp integer not null default 0,
  currency text not null,
  status text not null check (status in ('pending', 'in_transit', 'paid', 'failed', 'canceled')),
  arrival_date timestamptz not null,
  bank_account jsonb not null default '{}'::jsonb,
  bank_reference_key text not null,
  failure_code text,
  failure_message text,
  created_at timestamptz not null
);
create index payouts_list_idx on payouts (account_id, created_at desc, id desc);
create index payouts_status_idx on payouts (account_id, status, arrival_date);

create table loans (
  id text primary key,
  account_id text not null references accounts (id),
  stripe_loan_id text not null unique,
  amount bigint not null check (amount > 0),
  fee_amount bigint not null check (fee_amount >= 0),
  currency text not null,
  withhold_rate_bp integer not null check (withhold_rate_bp between 1 and 10000),
  paid_amount bigint not null default 0,
  paid_out_at timestamptz not null,
  first_paydown_at timestamptz,
  fully_paid_at timestamptz,
  repayments_begin_at timestamptz,
  created_at timestamptz not null,
  check (paid_amount <= amount + fee_amount)
);

-- The ledger: every money movement, append-only. amount, fee and net are in the settlement
-- currency; the customer's amount and the rate are kept beside them. Attributes lists filter on
-- are copied in so that a list page reads one table through one index.
create table balance_transactions (
  id text primary key,
  seq bigserial not null unique,
  account_id text not null references accounts (id),
  type text not null check (type in (
    'charge', 'payment', 'payment_failure_refund', 'payment_refund', 'refund', 'refund_failure',
    'dispute', 'dispute_reversal', 'card_reader_fee', 'financing_payout', 'financing_paydown', 'adjustment')),
  amount bigint not null,
  fee bigint not null default 0,
  net bigint not null,
  currency text not null,
  customer_amount bigint,
  customer_currency text,
  exchange_rate text,
  source_id text not null,
  charge_id text,
  payment_intent_id text,
  order_id bigint,
  dispute_id text,
  loan_id text,
  payout_id text references payouts (id),
  available_on timestamptz not null,
  created_at timestamptz not null,
  -- Copied from the charge and order for lists, search and exports.
  customer_name text,
  customer_email text,
  customer_country text,
  risk_level smallint,
  channel text,
  source text,
  source_device text,
  description text,
  check (net = amount - fee)
);
create index bt_list_idx on balance_transactions (account_id, created_at desc, seq desc);
create index bt_type_idx on balance_transactions (account_id, type, created_at desc, seq desc);
create index bt_payout_idx on balance_transactions (payout_id, created_at desc) where payout_id is not null;
create index bt_unswept_idx on balance_transactions (account_id, currency, available_on) where payout_id is null;
create index bt_charge_idx on balance_transactions (charge_id);
create index bt_intent_idx on balance_transactions (payment_intent_id);
create index bt_loan_idx on balance_transactions (loan_id, created_at) where loan_id is not null;

-- Hourly sums of the ledger per type and currency, written in the same database transaction as
-- each ledger row, so summaries over date, type and currency cost the same at any size.
create table ledger_rollups (
  account_id text not null,
  hour timestamptz not null,
  type text not null,
  currency text not null,
  customer_currency text not null,
  count bigint not null,
  amount bigint not null,
  fee bigint not null,
  net bigint not null,
  primary key (account_id, hour, type, currency, customer_currency)
);

create table fraud_outcomes (
  id bigserial primary key,
  account_id text not null references accounts (id),
  payment_intent_id text not null unique references payment_intents (id),
  charge_id text,
  order_id bigint references orders (id),
  status text not null check (status in ('review', 'block')),
  manual_action text check (manual_action in ('approved', 'blocked')),
  amount bigint not null,
  currency text not null,
  customer_name text not null default '',
  ruleset_results jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);
create index fraud_outcomes_list_idx on fraud_outcomes (account_id, status, created_at desc, id desc);

create table timeline_events (
  id bigserial primary key,
  payment_intent_id text not null,
  charge_id text,
  type text not null,
  datetime timestamptz not null,
  data jsonb not null default '{}'::jsonb
);
create index timeline_intent_idx on timeline_events (payment_intent_id, datetime, id);

create table files (
  id text primary key,
  account_id text references accounts (id),
  purpose text not null,
  filename text not null,
  title text,
  mime_type text not null,
  size integer not null check (size >= 0),
  content bytea not null,
  user_id bigint references users (id),
  created_at timestamptz not null
);

create table card_readers (
  id text primary key,
  account_id text not null references accounts (id),
  device_type text not null,
  label text not null default '',
  is_active boolean not null default true,
  created_at timestamptz not null
);

-- What a card_reader_fee transaction charged for, per reader.
create table reader_fee_items (
  balance_transaction_id text not null references balance_transactions (id),
  reader_id text not null references card_readers (id),
  status text not null,
  count integer not null check (count >= 0),
  fee bigint not null,
  currency text not null,
  primary key (balance_transaction_id, reader_id)
);

create table exchange_rates (
  base text not null,
  quote text not null,
  rate text not null check (rate ~ '^[0-9]+(\.[0-9]{1,10})?$'),
  effective_at timestamptz not null default now(),
  primary key (base, quote)
);

create table jobs (
  id bigserial primary key,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  run_at timestamptz not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  last_error text,
  unique_key text unique,
  locked_at timestamptz,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (run_at, id) where status = 'queued';

-- One row: how far sandbox time runs ahead of the wall clock.
create table clock (
  id boolean primary key default true check (id),
  offset_ms bigint not null default 0
);
insert into clock (id, offset_ms) values (true, 0);

create table idempotency_keys (
  user_id bigint not null,
  key text not null check (length(key) between 1 and 255),
  method text not null,
  path text not null,
  request_hash text not null,
  status text not null check (status in ('in_flight', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

-- Sandbox exchange rates: units of each currency per 1 USD.
insert into exchange_rates (base, quote, rate) values
  ('usd', 'usd', '1'), ('usd', 'eur', '0.92'), ('usd', 'gbp', '0.79'), ('usd', 'cad', '1.36'),
  ('usd', 'aud', '1.52'), ('usd', 'nzd', '1.65'), ('usd', 'chf', '0.88'), ('usd', 'jpy', '151.5'),
  ('usd', 'sek', '10.45'), ('usd', 'nok', '10.6'), ('usd', 'dkk', '6.87'), ('usd', 'pln', '3.98'),
  ('usd', 'sgd', '1.34'), ('usd', 'hkd', '7.82'), ('usd', 'cny', '7.23'), ('usd', 'czk', '23.1'),
  ('usd', 'huf', '358.4'), ('usd', 'ron', '4.58'), ('usd', 'bgn', '1.8'), ('usd', 'krw', '1352'),
  ('usd', 'myr', '4.72'), ('usd', 'thb', '36.4'), ('usd', 'inr', '83.2'), ('usd', 'aed', '3.6725'),
  ('usd', 'brl', '5.05'), ('usd', 'mxn', '17.1'), ('usd', 'zar', '18.7'), ('usd', 'clp', '935'),
  ('usd', 'vnd', '24650'), ('usd', 'xof', '603.5');
