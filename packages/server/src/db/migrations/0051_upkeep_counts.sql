-- The embedded database's activity counters (pg_stat_user_tables) live in memory and start from
-- zero each time the store opens, so a store restarted more often than it changes a fifth of a
-- table would never reach the thresholds of its upkeep (db/upkeep.ts): an updated table would
-- keep its dead rows and its old statistics. The upkeep keeps here what it has counted of each
-- table since that table was last vacuumed or analyzed, after each pass and when the store
-- closes, and adds it to the counters of the next run. A PostgreSQL server keeps its own
-- statistics and runs its own autovacuum; there the table stays empty.
create table upkeep_counts (
  table_name text primary key,
  dead bigint not null check (dead >= 0),
  inserted bigint not null check (inserted >= 0),
  changed bigint not null check (changed >= 0)
);
