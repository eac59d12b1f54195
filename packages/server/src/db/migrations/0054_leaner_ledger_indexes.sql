-- One index serves the customer-currency filter and the customer-currency sort. The filter read
-- bt_customer_currency_idx (account, coalesce(customer_currency, currency), date, sequence) and
-- the sort bt_customer_currency_sort_idx (account, customer_currency, date, sequence): two
-- indexes of a ledger row's size, 65 MB each at 1,000,000 rows (docs/performance.md, "Storage").
-- The sort now orders by the same expression as the filter, a row without a customer currency
-- (a fee, a loan) in its store currency as the filter and the summaries count it
-- (docs/compatibility.md, "Sorting at scale"), so one index, descending like the list's others,
-- answers both: an equality range for the filter, the whole index either way for the sort.
drop index bt_customer_currency_sort_idx;
drop index bt_customer_currency_idx;
create index bt_customer_currency_idx on balance_transactions
  (account_id, (coalesce(customer_currency, currency)) desc, created_at desc, seq desc);

-- The ledger's rows by charge are only ever looked up by equality (a payment's rows, a join from
-- its charge). A charge's id begins `ch_` for a card and `py_` for another method, so new ids go
-- to two places in a B-tree of them: the end of the `ch_` ids is inside the index, where a full
-- page splits in half, and the index stayed about 56 % full (60 MB at 1,000,000 rows). A hash
-- index of the same ids, grown the same way, takes 36 MB.
drop index bt_charge_idx;
create index bt_charge_idx on balance_transactions using hash (charge_id);
