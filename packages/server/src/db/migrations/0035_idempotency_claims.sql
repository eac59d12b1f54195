-- An Idempotency-Key's claim names the request that made it and how long it holds: a server killed
-- in the middle of a request leaves its claim "in_flight", and a retry with the same key takes it
-- over once the claim has run out (or at once on the embedded database, which one process holds,
-- for a claim made before that process started). Whether the killed request's change was
-- committed is told by its audit row, which is written in the change's own transaction
-- (docs/audit-log.md): looked up by request id.
alter table idempotency_keys add column request_id text;
alter table idempotency_keys add column claimed_by text;
alter table idempotency_keys add column lease_until timestamptz;
create index audit_log_request_idx on audit_log (request_id);
