-- Workers are woken when a job is queued instead of finding it by polling: every insert into
-- jobs notifies the channel workers listen on, delivered when the inserting transaction commits.
create or replace function paydesk_jobs_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('paydesk_jobs', '');
  return null;
end
$$;

create trigger jobs_notify after insert on jobs
  for each statement execute function paydesk_jobs_notify();

-- A job a worker claimed and never finished (the process died) is claimed again once its lease
-- has run out; this index finds such jobs without reading the finished ones.
create index jobs_running_idx on jobs (locked_at) where status = 'running';
