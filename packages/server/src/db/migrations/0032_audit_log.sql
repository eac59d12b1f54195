-- The audit log (docs/audit-log.md): one row per mutating request, failed sign-in and refused
-- request. A request that changes data writes its row in the transaction of the change, before
-- the change's first write, so the row and the change are committed or rolled back together.
-- Rows belong to the store, not to an account: resetting the account leaves them, and no
-- foreign key points at users, so deleting a user never has to touch them.
create table audit_log (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  -- Who: null for a failed sign-in, which names a username only.
  user_id bigint,
  username text,
  -- 'session', 'application_password:<its name>' or 'none'.
  credential text not null,
  ip text not null,
  method text not null,
  -- 'METHOD /route/pattern' below /wp-json, e.g. 'POST /wc/v3/payments/refund'.
  action text not null,
  object_id text,
  -- The HTTP status answered; null on a row written with its change, whose answer is recorded
  -- afterwards in audit_log_status.
  status integer,
  outcome text not null check (outcome in ('changed', 'unchanged', 'refused', 'failed', 'failed_sign_in')),
  -- The request body with its secrets replaced, at most a few KB.
  change jsonb,
  request_id text not null
);

-- The list's sort (newest first) and each of its filters, each under the same sort.
create index audit_log_created_idx on audit_log (created_at desc, id desc);
create index audit_log_user_idx on audit_log (user_id, created_at desc, id desc);
create index audit_log_username_idx on audit_log (lower(username), created_at desc, id desc);
create index audit_log_action_idx on audit_log (action, created_at desc, id desc);
create index audit_log_object_idx on audit_log (object_id, created_at desc, id desc) where object_id is not null;

-- The answer of a request whose row was written with its change, before the answer was known:
-- appended once the answer is sent, so no audit row is ever updated.
create table audit_log_status (
  audit_id bigint primary key references audit_log (id),
  status integer not null
);

create or replace function paydesk_audit_log_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'audit rows cannot be changed or deleted (%.%)', tg_table_name, tg_op
    using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_log_immutable before update or delete on audit_log
  for each row execute function paydesk_audit_log_immutable();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function paydesk_audit_log_immutable();
create trigger audit_log_status_immutable before update or delete on audit_log_status
  for each row execute function paydesk_audit_log_immutable();
create trigger audit_log_status_no_truncate before truncate on audit_log_status
  for each statement execute function paydesk_audit_log_immutable();
