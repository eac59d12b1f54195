-- Indexes of the transactions lists, their search and the blocked list (engine/transactions).

-- Search by customer name or e-mail, ignoring case: "starts with" and "equals" read a range of
-- these indexes, and search suggestions walk their distinct values (name, then e-mail). Byte
-- order ("C") makes a LIKE prefix a plain index range whatever the database's collation is;
-- engine/transactions/query.ts writes the same expressions.
create index bt_name_idx on balance_transactions
  (account_id, (lower(customer_name) collate "C"), (lower(customer_email) collate "C"));
create index bt_email_idx on balance_transactions (account_id, (lower(customer_email) collate "C"));

-- The source filter in list order; the summary also walks it for the distinct sources (one
-- probe per payment method type).
create index bt_source_idx on balance_transactions (account_id, source, created_at desc, seq desc);

-- The customer-currency filter in list order; a row without a customer currency (a fee, a loan)
-- is in the store currency, as in ledger_rollups.
create index bt_customer_currency_idx on balance_transactions
  (account_id, (coalesce(customer_currency, currency)), created_at desc, seq desc);

-- The blocked list: payments blocked outright or after review, and reviews still open, newest
-- first. engine/transactions/fraud-outcomes.ts writes the same state expression.
create index fraud_outcomes_state_idx on fraud_outcomes (
  account_id,
  (case when status = 'block' or manual_action = 'blocked' then 'block'
        when manual_action is null then 'review'
        else 'allowed' end),
  created_at desc,
  id desc
);
