-- The store's own addresses of an order and of its customer, as the checkout sends them: the
-- order number and the customer's name link there. Orders without them (sample history, a store
-- that does not send them) show the number and the name as text.
alter table orders
  add column url text check (url ~ '^https?://'),
  add column customer_url text check (customer_url ~ '^https?://');
