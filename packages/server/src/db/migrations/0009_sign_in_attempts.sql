-- Sign-in attempts are claimed before the password is verified, so a burst of concurrent guesses
-- cannot all pass the limit before any failure is recorded. A claim that turns out right is
-- deleted; a wrong one stays and counts as a failure until it leaves the window.
drop table login_failures;

create table sign_in_attempts (
  id bigserial primary key,
  -- The user the login or e-mail names ('user:<id>'), or the lowercased text when it names nobody,
  -- so a user's login name and e-mail address share one count.
  login_key text not null,
  ip text not null,
  attempted_at timestamptz not null default now()
);
create index sign_in_attempts_login_idx on sign_in_attempts (login_key, attempted_at);
create index sign_in_attempts_ip_idx on sign_in_attempts (ip, attempted_at);
create index sessions_user_ip_idx on sessions (user_id, ip, created_at);
