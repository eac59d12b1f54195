-- Inbox notes whose action no longer applies leave the inbox (docs/overview.md "Inbox notes").
-- From now on the engine marks them actioned in the transaction of the change that makes them
-- moot; this catches up the notes written before it did: disputes that no longer await a
-- response, and failed payouts followed by a paid payout in the same currency.
update notes n
set status = 'actioned', updated_at = now()
from disputes d
where n.status = 'unactioned'
  and n.account_id = d.account_id
  and n.name = 'wcpay-dispute-' || d.id
  and d.status not in ('needs_response', 'warning_needs_response');

update notes n
set status = 'actioned', updated_at = now()
from payouts failed
where n.status = 'unactioned'
  and n.account_id = failed.account_id
  and n.name = 'wcpay-payout-failed-' || failed.id
  and failed.status = 'failed'
  and exists (
    select 1 from payouts paid
    where paid.account_id = failed.account_id
      and paid.currency = failed.currency
      and paid.status = 'paid'
      and paid.created_at > failed.created_at
  );
