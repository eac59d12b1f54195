-- REST requests counted per credential, route class and route, one row per minute, so the rate
-- limits hold across every server process on one PostgreSQL database (http/rate-limit.ts). The
-- counts are worth nothing after their minute: the table is unlogged, and old minutes are
-- deleted as new ones start.
create unlogged table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);
create index rate_limit_hits_window_idx on rate_limit_hits (window_start);
