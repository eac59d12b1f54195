-- Disputes opened before reminders existed get theirs too: one `dispute.reminder` job per
-- dispute still waiting for a response, due three days before its deadline (a job that falls
-- due with the deadline already past sends nothing). New disputes queue theirs when they open.
insert into jobs (kind, payload, run_at, unique_key)
select 'dispute.reminder', jsonb_build_object('dispute_id', id), due_by - interval '3 days',
       'dispute.reminder:' || id
  from disputes
 where status in ('needs_response', 'warning_needs_response')
on conflict (unique_key) do nothing;
