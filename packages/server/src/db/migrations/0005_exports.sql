-- CSV exports of the lists (engine/exports): what was asked, by whom, where the job that writes
-- the file stands, and the file itself. The file is stored in the database in chunks
-- (export_chunks), so every server process sharing a PostgreSQL database can serve it, whichever
-- process wrote it (docs/decisions.md).
create table exports (
  id text primary key,
  account_id text not null references accounts (id),
  user_id bigint not null references users (id),
  kind text not null check (kind in ('transactions', 'fraud_outcomes')),
  -- The request's filters as parsed by the list's own schema, written back as the list takes them.
  filters jsonb not null default '{}'::jsonb,
  user_email text not null,
  locale text,
  user_timezone text,
  status text not null default 'pending' check (status in ('pending', 'success', 'failed')),
  mime_type text not null default 'text/csv',
  filename text not null,
  row_count bigint,
  size_bytes bigint,
  mailed_at timestamptz,
  mail_error text,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index exports_user_idx on exports (user_id, created_at desc);
create index exports_created_idx on exports (created_at);

-- The file's text in order; a chunk is at most about 1 MiB, so neither writing nor serving a
-- file holds more than one chunk in memory. The CSV is UTF-8 text, stored as text: the embedded
-- database passes text parameters as they are, where bytea goes through a hex encoding both ways.
create table export_chunks (
  export_id text not null references exports (id) on delete cascade,
  seq integer not null check (seq >= 0),
  data text not null,
  primary key (export_id, seq)
);
