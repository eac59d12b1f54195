-- The Overview page's inbox and its survey.

-- Notes the engine writes at the moments a merchant cares about. A note's name is unique per
-- account, so an operation that is retried, or a moment that recurs, never adds a second one.
create table notes (
  id bigserial primary key,
  account_id text not null references accounts (id),
  name text not null check (name ~ '^[A-Za-z0-9_.-]{1,191}$'),
  type text not null default 'info'
    check (type in ('error', 'warning', 'update', 'info', 'marketing', 'survey', 'email')),
  title text not null check (length(title) between 1 and 500),
  -- HTML limited to the allowed tags, sanitised before it is written.
  content text not null check (length(content) <= 20000),
  status text not null default 'unactioned' check (status in ('unactioned', 'actioned')),
  source text not null default 'woocommerce-payments' check (source ~ '^[A-Za-z0-9_-]{1,100}$'),
  actions jsonb not null default '[]'::jsonb,
  layout text not null default 'plain' check (layout in ('plain', 'banner', 'thumbnail')),
  image text not null default '',
  is_deleted boolean not null default false,
  date_created timestamptz not null,
  updated_at timestamptz not null default now(),
  unique (account_id, name)
);
-- The inbox: one source's notes of one status, newest first, without the deleted ones.
create index notes_inbox_idx on notes (source, status, date_created desc, id desc) where not is_deleted;

-- One answer per survey and user: a rating (with an optional comment) or a dismissal.
create table survey_responses (
  id bigserial primary key,
  survey text not null check (survey ~ '^[a-z0-9-]{1,64}$'),
  user_id bigint not null references users (id) on delete cascade,
  outcome text not null check (outcome in ('answered', 'dismissed')),
  rating text check (rating in ('very-unhappy', 'unhappy', 'neutral', 'happy', 'very-happy')),
  comments text not null default '' check (length(comments) <= 2000),
  created_at timestamptz not null default now(),
  unique (survey, user_id),
  check ((outcome = 'answered') = (rating is not null))
);
