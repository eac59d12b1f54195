-- The trigger of migration 0043 copied a dispute's customer; since 0044 it also copies the
-- columns the disputes list sorts by (order number, country, source). Named for what it does.
alter function paydesk_dispute_customer() rename to paydesk_dispute_copies;
alter trigger disputes_customer on disputes rename to disputes_copies;
