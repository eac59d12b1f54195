-- Per-user values the admin client keeps under a user's woocommerce_meta (the Overview inbox's
-- "last read" marker), each a short text the client writes as JSON (docs/compatibility.md).
create table user_meta (
  user_id bigint not null references users (id) on delete cascade,
  meta_key text not null,
  meta_value text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, meta_key)
);
