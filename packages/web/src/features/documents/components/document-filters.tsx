import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '@paydesk/domain/documents/invoices';
import {
  advancedFiltersToQuery,
  isCalendarDay,
  readAdvancedFilters,
} from '@paydesk/domain/transactions/filters';
import { useState } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';

type DateRule = '' | 'before' | 'after' | 'between';

/**
 * The documents list's filters: a date rule (before, after or between days, UTC) and the type.
 * They live in the URL; the date fields are edited here and applied together.
 */
export function DocumentFilters({ query }: { query: Readonly<Record<string, string>> }) {
  const applied = readAdvancedFilters(query).find((filter) => filter.key === 'date');
  const [rule, setRule] = useState<DateRule>(applied?.key === 'date' ? applied.rule : '');
  const [from, setFrom] = useState(
    applied?.key === 'date' ? (Array.isArray(applied.value) ? applied.value[0] : applied.value) : '',
  );
  const [to, setTo] = useState(
    applied?.key === 'date' && Array.isArray(applied.value) ? applied.value[1] : '',
  );
  const complete = rule === 'between' ? isCalendarDay(from) && isCalendarDay(to) : isCalendarDay(from);

  const applyDate = () => {
    const filters =
      rule === ''
        ? []
        : rule === 'between'
          ? [{ key: 'date' as const, rule, value: [from, to] as [string, string] }]
          : [{ key: 'date' as const, rule, value: from }];
    updateQuery({ ...advancedFiltersToQuery(query, filters), filter: undefined, paged: 1 });
  };

  return (
    <Group gap="xs" align="flex-end" data-testid="document-filters">
      <NativeSelect
        label={__('Type')}
        value={query.type_is ?? ''}
        onChange={(event) => updateQuery({ type_is: event.currentTarget.value || undefined, paged: 1 })}
        data={[
          { value: '', label: __('All types') },
          ...DOCUMENT_TYPES.map((type) => ({ value: type, label: __(DOCUMENT_TYPE_LABELS[type]) })),
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
        />
      )}
      {rule === 'between' && (
        <TextInput
          type="date"
          label={__('To')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
      )}
      {(rule !== '' || applied) && (
        <Button variant="default" onClick={applyDate} disabled={rule !== '' && !complete}>
          {rule === '' ? __('Clear date') : __('Apply')}
        </Button>
      )}
    </Group>
  );
}
