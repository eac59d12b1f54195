-- Payouts, card reader fees and the daily engine jobs.

-- How far a reader's in-person charges have been billed: the daily reader-fee job counts the
-- charges captured after this instant (all of them while it is null) and moves it forward.
alter table card_readers add column fees_counted_until timestamptz;
create index card_readers_account_idx on card_readers (account_id, created_at desc, id);

-- The reader-fee job counts each reader's captured in-person charges since its last fee.
create index charges_reader_idx on charges (reader_id, captured_at) where reader_id is not null and captured;

-- Active loan and the loans list.
create index loans_account_idx on loans (account_id, paid_out_at desc);

-- The last paid payout per currency (balance overview).
create index payouts_paid_idx on payouts (account_id, currency, arrival_date desc) where status = 'paid';

-- The engine's time: the wall clock plus the sandbox offset (engine/clock.ts says the same).
create function paydesk_engine_now() returns timestamptz language sql stable as $$
  select now() + (select offset_ms from clock) * interval '1 millisecond'
$$;

-- Every account gets its daily jobs (payout schedule and card reader fees) from the moment it
-- exists, whoever creates it (onboarding, the test drive, the seeder). The jobs re-enqueue
-- themselves for the next day; the unique keys make this idempotent.
create function paydesk_enqueue_daily_jobs(account text) returns void language plpgsql as $$
declare
  next_day timestamptz := date_trunc('day', paydesk_engine_now() at time zone 'UTC') at time zone 'UTC' + interval '1 day';
  day_key text := to_char(next_day at time zone 'UTC', 'YYYY-MM-DD');
begin
  insert into jobs (kind, payload, run_at, unique_key) values
    ('payouts.schedule', jsonb_build_object('account_id', account), next_day,
      'payouts.schedule:' || account || ':' || day_key),
    ('readers.fees', jsonb_build_object('account_id', account), next_day,
      'readers.fees:' || account || ':' || day_key)
  on conflict (unique_key) do nothing;
end
$$;

create function paydesk_account_daily_jobs() returns trigger language plpgsql as $$
begin
  perform paydesk_enqueue_daily_jobs(new.id);
  return new;
end
$$;

create trigger accounts_daily_jobs after insert on accounts
  for each row execute function paydesk_account_daily_jobs();

select paydesk_enqueue_daily_jobs(id) from accounts;
