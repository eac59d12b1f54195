-- The backtest reads the payment risk rows of one account over a window of days (engine/fraud/
-- backtest.ts), a third of a 90-day store for the 30 days it offers. Rows are written in time
-- order (by the ledger's insert trigger, as payments happen), so a block range index finds the
-- window as well as the B-tree did, in about a thousandth of its size: the B-tree took 51 MB at
-- 1M ledger rows (docs/performance.md, "Storage").
create index payment_risk_window_brin on payment_risk using brin (account_id, created_at);
drop index payment_risk_window_idx;
