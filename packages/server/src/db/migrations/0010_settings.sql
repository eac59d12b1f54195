-- Payments settings: the descriptor each charge was made with, as the customer's statement shows
-- it. Charges made before the setting existed have none.
alter table charges add column statement_descriptor text;
