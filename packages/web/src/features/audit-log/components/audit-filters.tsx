import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { AUDIT_OUTCOME_LABELS, AUDIT_OUTCOMES } from '@paydesk/domain/audit-log/outcomes';
import {
  advancedFiltersToQuery,
  isCalendarDay,
  readAdvancedFilters,
} from '@paydesk/domain/transactions/filters';
import { type FormEvent, useState } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';

type DateRule = '' | 'before' | 'after' | 'between';

/**
 * The audit log's filters: user, action and object as typed, the outcome, and a date rule
 * (before, after or between days, UTC). They live in the URL and are applied together.
 */
export function AuditFilters({ query }: { query: Readonly<Record<string, string>> }) {
  const applied = readAdvancedFilters(query).find((filter) => filter.key === 'date');
  const [user, setUser] = useState(query.user ?? '');
  const [action, setAction] = useState(query.action ?? '');
  const [objectId, setObjectId] = useState(query.object_id ?? '');
  const [outcome, setOutcome] = useState(query.outcome ?? '');
  const [rule, setRule] = useState<DateRule>(applied?.key === 'date' ? applied.rule : '');
  const [from, setFrom] = useState(
    applied?.key === 'date' ? (Array.isArray(applied.value) ? applied.value[0] : applied.value) : '',
  );
  const [to, setTo] = useState(
    applied?.key === 'date' && Array.isArray(applied.value) ? applied.value[1] : '',
  );
  const dateComplete =
    rule === '' || (rule === 'between' ? isCalendarDay(from) && isCalendarDay(to) : isCalendarDay(from));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!dateComplete) return;
    const dates =
      rule === ''
        ? []
        : rule === 'between'
          ? [{ key: 'date' as const, rule, value: [from, to] as [string, string] }]
          : [{ key: 'date' as const, rule, value: from }];
    updateQuery({
      ...advancedFiltersToQuery(query, dates),
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
    setRule('');
    setFrom('');
    setTo('');
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
        <NativeSelect
          label={__('Date')}
          value={rule}
          onChange={(event) => setRule(event.currentTarget.value as DateRule)}
          data={[
            { value: '', label: __('Any date') },
            { value: 'before', label: __('Before') },
            { value: 'after', label: __('After') },
            { value: 'between', label: __('Between') },
          ]}
        />
        {rule !== '' && (
          <TextInput
            type="date"
            label={rule === 'between' ? __('From') : __('Day')}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            required
          />
        )}
        {rule === 'between' && (
          <TextInput
            type="date"
            label={__('To')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            required
          />
        )}
        <Button type="submit" variant="light" disabled={!dateComplete}>
          {__('Filter')}
        </Button>
        <Button type="button" variant="subtle" onClick={clear}>
          {__('Clear filters')}
        </Button>
      </Group>
    </form>
  );
}
