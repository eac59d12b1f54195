-- The ledger's sums per first letter of the customer's name and e-mail, for the summary of a
-- search of one character. The sums per customer (0047) answer a search by reading the customers
-- it selects, and one character selects many: 44,168 rows of sums at 10,000,000 ledger rows,
-- 14.5–23.3 ms, against a target of 20 ms (docs/performance.md), and in a store whose every
-- payment is a new customer about one row per ledger row. These rows hold the same sums per
-- account, lower-cased first character of the name and of the e-mail, and the attributes the
-- sums per customer keep, so a store holds a few thousand of them however many customers it has.
--
-- The letters are stored in the columns the ledger names the customer by, so the list's own
-- search condition selects them unchanged: a term of one character c matches a name when
-- lower(name) starts with c, which is when its first character lower-cased is c. A longer term
-- selects none of these rows, and the summary reads them only for terms of one character
-- (engine/transactions/summary.ts). Written by the same trigger as the sums per customer, in
-- the same statement as the rows; an account's reset deletes them.

-- The same columns, key and search indexes as the sums per customer (0047).
create table ledger_customer_letters (like ledger_customers including all);
alter table ledger_customer_letters add foreign key (account_id) references accounts (id);

insert into ledger_customer_letters
select account_id, left(lower(customer_name), 1), left(lower(customer_email), 1), type, currency,
       customer_currency, customer_country, source, sum(count), sum(amount), sum(fee), sum(net)
  from ledger_customers
 group by 1, 2, 3, 4, 5, 6, 7, 8;

-- Each statement's rows summed per customer once, then added to the sums per customer and,
-- summed again by their first letters, to these, each in key order, so two transactions writing
-- the same customers (or letters) take their rows' locks in one order.
create or replace function paydesk_ledger_customers() returns trigger language plpgsql as $$
begin
  with customers as (
    select account_id, customer_name, customer_email, type, currency, customer_currency,
           customer_country, source, count(*) as count, sum(amount) as amount, sum(fee) as fee,
           sum(net) as net
      from inserted
     where customer_name is not null or customer_email is not null
     group by 1, 2, 3, 4, 5, 6, 7, 8
  ), added as (
    insert into ledger_customers as c
    select * from customers order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (account_id, customer_name, customer_email, type, currency, customer_currency,
                 customer_country, source)
    do update set count = c.count + excluded.count, amount = c.amount + excluded.amount,
                  fee = c.fee + excluded.fee, net = c.net + excluded.net
  )
  insert into ledger_customer_letters as l
  select account_id, left(lower(customer_name), 1), left(lower(customer_email), 1), type, currency,
         customer_currency, customer_country, source, sum(count), sum(amount), sum(fee), sum(net)
    from customers
   group by 1, 2, 3, 4, 5, 6, 7, 8
   order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (account_id, customer_name, customer_email, type, currency, customer_currency,
               customer_country, source)
  do update set count = l.count + excluded.count, amount = l.amount + excluded.amount,
                fee = l.fee + excluded.fee, net = l.net + excluded.net;
  return null;
end
$$;
