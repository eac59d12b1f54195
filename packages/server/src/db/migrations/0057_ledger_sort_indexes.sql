-- An index for each sort of the transactions list. The list sorts by a column, then date and
-- sequence (engine/transactions/query.ts, SORT_KEYS). Only the date, the two currencies, the
-- type and the source had an index; a page sorted by anything else (amount, fees, net, customer
-- amount, name, e-mail, country, risk level, channel, date available) was a top-N sort of
-- every row of the account: 260–500 ms at 1,000,000 rows, and growing with the rows
-- (docs/performance.md, "Sorting the list by a column").
--
-- Each index holds the account and the sort's leading expressions, not the date and sequence:
-- PostgreSQL reads the index in order and sorts each run of equal leading values by date and
-- sequence (an incremental sort), stopping once it has the page. Without a date in every entry,
-- B-tree deduplication keeps one entry per value with the list of its rows, so each index takes
-- 7–9 MB at 1,000,000 rows where a list index takes 56–66 MB.
--
-- A run of equal values must stay short, or the page sorts all of it. So a column of few values
-- (the country, the risk level, the channel), and the fee, a tenth of whose rows have none, are
-- followed by the hour of the row's date (`date_bin`, immutable, from a fixed origin): ordering
-- by the value, its hour and the date is the same order as by the value and the date. Nearly
-- every row has its own date available, so that sort leads with the hour of it.
--
-- The customer amount sorts by the row's amount where it has no customer amount (a fee, a loan
-- repayment), as the customer currency sort (0054) sorts such a row in its store currency: the
-- pair reads as the row's amount in its store currency. Left null, those rows were one run of
-- equal values at the head of the descending sort, which the page would sort whole.
create index bt_amount_sort_idx on balance_transactions (account_id, amount);
create index bt_fee_sort_idx on balance_transactions
  (account_id, fee, (date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')));
create index bt_net_sort_idx on balance_transactions (account_id, net);
create index bt_customer_amount_sort_idx on balance_transactions
  (account_id, (coalesce(customer_amount, amount)));
create index bt_customer_name_sort_idx on balance_transactions (account_id, customer_name);
create index bt_customer_email_sort_idx on balance_transactions (account_id, customer_email);
create index bt_customer_country_sort_idx on balance_transactions
  (account_id, customer_country, (date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')));
create index bt_risk_level_sort_idx on balance_transactions
  (account_id, risk_level, (date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')));
create index bt_channel_sort_idx on balance_transactions
  (account_id, channel, (date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')));
create index bt_available_on_sort_idx on balance_transactions
  (account_id, (date_bin('1 hour', available_on, timestamptz '2000-01-01 00:00:00+00')));

-- The type and source indexes (0002, 0004) serve their filters, an equality then the date, and
-- the sorts by type and by source. Their values ascended while the date descended, so neither
-- sort read them in its order: each sorted the rows of the first value by date, the whole run
-- of it (a page of the type sort read every refund, 20–40 ms at 1,000,000 rows). Descending like
-- the currency sort's index (0034), each is read forwards for one direction and backwards for
-- the other, and serves its filter as before.
drop index bt_type_idx;
create index bt_type_idx on balance_transactions (account_id, type desc, created_at desc, seq desc);
drop index bt_source_idx;
create index bt_source_idx on balance_transactions (account_id, source desc, created_at desc, seq desc);
