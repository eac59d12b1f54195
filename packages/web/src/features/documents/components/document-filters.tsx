import { Button, Group } from '@mantine/core';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '@paydesk/domain/documents/invoices';
import { advancedFiltersToQuery } from '@paydesk/domain/transactions/filters';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { DateRuleFields, useDateRule } from '../../../components/list/date-rule-fields.tsx';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';

/**
 * The documents list's filters: a date rule (before, after or between days, UTC) and the type.
 * They live in the URL; the date fields are edited here and applied together.
 */
export function DocumentFilters({ query }: { query: Readonly<Record<string, string>> }) {
  const date = useDateRule(query);

  const applyDate = () => {
    updateQuery({ ...advancedFiltersToQuery(query, date.filters()), filter: undefined, paged: 1 });
  };

  return (
    <Group gap="xs" align="flex-end" data-testid="document-filters">
      <ConfirmedSelect
        label={__('Type')}
        value={query.type_is ?? ''}
        onConfirm={(value) => updateQuery({ type_is: value || undefined, paged: 1 })}
        data={[
          { value: '', label: __('All types') },
          ...DOCUMENT_TYPES.map((type) => ({ value: type, label: __(DOCUMENT_TYPE_LABELS[type]) })),
        ]}
      />
      <DateRuleFields state={date} />
      {(date.rule !== '' || date.applied) && (
        <Button variant="default" onClick={applyDate} disabled={!date.complete}>
          {date.rule === '' ? __('Clear date') : __('Apply')}
        </Button>
      )}
    </Group>
  );
}
