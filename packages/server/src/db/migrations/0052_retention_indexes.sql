-- What the housekeeping (engine/housekeeping.ts) deletes once it is past its retention
-- (domain/retention.ts), found by when it was written or finished: without these, each pass
-- would read the whole of both tables.
create index idempotency_keys_created_idx on idempotency_keys (created_at);
create index jobs_finished_idx on jobs (finished_at) where status = 'done';
