-- CSV exports of the lists (engine/exports): what was asked, by whom, and where the job that
-- writes the file stands. The file itself lives under DATA_DIR/exports; `file_path` points at it.
create table exports (
  id text primary key,
  account_id text not null references accounts (id),
  user_id bigint not null references users (id),
  kind text not null check (kind in ('transactions', 'fraud_outcomes', 'deposits')),
  -- The request's filters as sent; the job parses them again with the list's own schema.
  filters jsonb not null default '{}'::jsonb,
  user_email text not null,
  locale text,
  user_timezone text,
  status text not null default 'pending' check (status in ('pending', 'success', 'failed')),
  row_count bigint,
  size_bytes bigint,
  filename text,
  file_path text,
  mailed_at timestamptz,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index exports_user_idx on exports (user_id, created_at desc);
