import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { AUDIT_OUTCOME_LABELS, AUDIT_OUTCOMES } from '@paydesk/domain/audit-log/outcomes';
import { advancedFiltersToQuery } from '@paydesk/domain/transactions/filters';
import { type FormEvent, useState } from 'react';
import { DateRuleFields, useDateRule } from '../../../components/list/date-rule-fields.tsx';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';

/**
 * The audit log's filters: user, action and object as typed, the outcome, and a date rule
 * (before, after or between days, UTC). They live in the URL and are applied together.
 */
export function AuditFilters({ query }: { query: Readonly<Record<string, string>> }) {
  const [user, setUser] = useState(query.user ?? '');
  const [action, setAction] = useState(query.action ?? '');
  const [objectId, setObjectId] = useState(query.object_id ?? '');
  const [outcome, setOutcome] = useState(query.outcome ?? '');
  const date = useDateRule(query);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!date.complete) return;
    updateQuery({
      ...advancedFiltersToQuery(query, date.filters()),
      user: user.trim() || undefined,
      action: action.trim() || undefined,
      object_id: objectId.trim() || undefined,
      outcome: outcome || undefined,
      paged: 1,
    });
  };

  const clear = () => {
    setUser('');
    setAction('');
    setObjectId('');
    setOutcome('');
    date.clear();
    updateQuery({
      ...advancedFiltersToQuery(query, []),
      user: undefined,
      action: undefined,
      object_id: undefined,
      outcome: undefined,
      paged: 1,
    });
  };

  return (
    <form onSubmit={apply} aria-label={__('Filter the audit log')} data-testid="audit-filters">
      <Group gap="xs" align="flex-end">
        <TextInput
          label={__('User')}
          description={__('Username or user ID')}
          value={user}
          onChange={(event) => setUser(event.currentTarget.value)}
          maxLength={200}
        />
        <TextInput
          label={__('Action')}
          description={__('For example: POST /wc/v3/payments/refund')}
          value={action}
          onChange={(event) => setAction(event.currentTarget.value)}
          maxLength={200}
        />
        <TextInput
          label={__('Object')}
          description={__('An ID such as ch_… or dp_…')}
          value={objectId}
          onChange={(event) => setObjectId(event.currentTarget.value)}
          maxLength={200}
        />
        <NativeSelect
          label={__('Outcome')}
          value={outcome}
          onChange={(event) => setOutcome(event.currentTarget.value)}
          data={[
            { value: '', label: __('All outcomes') },
            ...AUDIT_OUTCOMES.map((value) => ({ value, label: __(AUDIT_OUTCOME_LABELS[value]) })),
          ]}
        />
        <DateRuleFields state={date} required />
        <Button type="submit" variant="light" disabled={!date.complete}>
          {__('Filter')}
        </Button>
        <Button type="button" variant="subtle" onClick={clear}>
          {__('Clear filters')}
        </Button>
      </Group>
    </form>
  );
}
