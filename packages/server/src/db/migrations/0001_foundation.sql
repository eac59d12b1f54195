-- Users, sign-in, access and the store's own settings.

create table users (
  id bigserial primary key,
  login text not null unique check (login ~ '^[A-Za-z0-9._@-]{1,60}$'),
  email text not null unique check (length(email) between 3 and 254),
  role text not null check (role in ('administrator', 'shop_manager', 'customer')),
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  display_name text not null default '',
  created_at timestamptz not null default now()
);

-- Only a SHA-256 of the cookie token is stored: a leaked table opens no session.
create table sessions (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  nonce text not null,
  user_agent text not null default '',
  ip text not null default '',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table app_passwords (
  uuid text primary key,
  user_id bigint not null references users (id) on delete cascade,
  name text not null,
  password_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  last_ip text
);
create index app_passwords_user_idx on app_passwords (user_id);

create table login_failures (
  id bigserial primary key,
  login text not null,
  ip text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_login_idx on login_failures (login, failed_at);
create index login_failures_ip_idx on login_failures (ip, failed_at);

-- Named options of the store (the options the admin pages update and the store settings).
create table options (
  name text primary key check (name ~ '^[a-z0-9_]{1,191}$'),
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table user_preferences (
  user_id bigint not null references users (id) on delete cascade,
  name text not null,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, name)
);

-- Usage events sent by the admin's track() client.
create table usage_events (
  id bigserial primary key,
  user_id bigint references users (id) on delete set null,
  name text not null,
  properties jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index usage_events_name_idx on usage_events (name, created_at);
