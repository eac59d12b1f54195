import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { PAYOUT_FILTER_QUERY_KEYS, type PayoutFilterRequest } from '@paydesk/domain/payouts/list-query';
import { isCalendarDay } from '@paydesk/domain/transactions/filters';
import { PAYOUT_STATUS_LABELS, PAYOUT_STATUSES } from '@paydesk/domain/transactions/status';
import { useState } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { type QueryValues, updateQuery } from '../../../lib/navigation.ts';

type DateRule = '' | 'before' | 'after' | 'between';
type StatusRule = 'is' | 'is_not';

interface FilterBarProps {
  /** The filters in force, as the list sends them. */
  applied: PayoutFilterRequest;
  /** The account's payout currencies; the currency filter shows only with more than one. */
  currencies: readonly string[];
}

const CLEARED: QueryValues = Object.fromEntries(PAYOUT_FILTER_QUERY_KEYS.map((key) => [key, undefined]));

function initialDate(applied: PayoutFilterRequest): { rule: DateRule; from: string; to: string } {
  if (applied.date_between)
    return { rule: 'between', from: applied.date_between[0], to: applied.date_between[1] };
  if (applied.date_before) return { rule: 'before', from: applied.date_before, to: '' };
  if (applied.date_after) return { rule: 'after', from: applied.date_after, to: '' };
  return { rule: '', from: '', to: '' };
}

/**
 * The payouts filters: the date (before, after or between) and the status (is or is
 * not), combined as "match" says, and the currency when the account pays out in several. They
 * go into the URL, under the names the list request sends, when applied.
 */
export function PayoutFilterBar({ applied, currencies }: FilterBarProps) {
  const [date, setDate] = useState(() => initialDate(applied));
  const [statusRule, setStatusRule] = useState<StatusRule>(applied.status_is_not ? 'is_not' : 'is');
  const [status, setStatus] = useState<string>(applied.status_is ?? applied.status_is_not ?? '');
  const [currency, setCurrency] = useState(applied.store_currency_is ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(applied.match ?? 'all');

  const dateComplete =
    date.rule === '' || (isCalendarDay(date.from) && (date.rule !== 'between' || isCalendarDay(date.to)));

  const apply = () => {
    const changes: QueryValues = { ...CLEARED, paged: 1 };
    if (date.rule === 'before') changes.date_before = date.from;
    if (date.rule === 'after') changes.date_after = date.from;
    if (date.rule === 'between') {
      changes['date_between[0]'] = date.from;
      changes['date_between[1]'] = date.to;
    }
    if (status) changes[statusRule === 'is' ? 'status_is' : 'status_is_not'] = status;
    if (currency) changes.store_currency_is = currency;
    if (match === 'any' && date.rule !== '' && status) changes.match = 'any';
    updateQuery(changes);
  };

  const clear = () => {
    setDate({ rule: '', from: '', to: '' });
    setStatus('');
    setCurrency('');
    setMatch('all');
    updateQuery({ ...CLEARED, paged: 1 });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dateComplete) apply();
      }}
      aria-label={__('Payout filters')}
      data-testid="payout-filters"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={__('Date')}
          value={date.rule}
          onChange={(event) => setDate({ ...date, rule: event.currentTarget.value as DateRule })}
          data={[
            { value: '', label: __('Any date') },
            { value: 'before', label: __('Before') },
            { value: 'after', label: __('After') },
            { value: 'between', label: __('Between') },
          ]}
          size="sm"
        />
        {date.rule !== '' && (
          <TextInput
            type="date"
            label={date.rule === 'between' ? __('Start date') : __('Day')}
            value={date.from}
            onChange={(event) => setDate({ ...date, from: event.currentTarget.value })}
            required
            size="sm"
          />
        )}
        {date.rule === 'between' && (
          <TextInput
            type="date"
            label={__('End date')}
            value={date.to}
            onChange={(event) => setDate({ ...date, to: event.currentTarget.value })}
            required
            size="sm"
          />
        )}
        <NativeSelect
          label={__('Status rule')}
          value={statusRule}
          onChange={(event) => setStatusRule(event.currentTarget.value as StatusRule)}
          data={[
            { value: 'is', label: __('Is') },
            { value: 'is_not', label: __('Is not') },
          ]}
          size="sm"
        />
        <NativeSelect
          label={__('Status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data={[
            { value: '', label: __('Any status') },
            ...PAYOUT_STATUSES.map((value) => ({ value, label: __(PAYOUT_STATUS_LABELS[value]) })),
          ]}
          size="sm"
        />
        {date.rule !== '' && status !== '' && (
          <NativeSelect
            label={__('Match')}
            value={match}
            onChange={(event) => setMatch(event.currentTarget.value as 'all' | 'any')}
            data={[
              { value: 'all', label: __('All rules') },
              { value: 'any', label: __('Any rule') },
            ]}
            size="sm"
          />
        )}
        {(currencies.length > 1 || currency !== '') && (
          <NativeSelect
            label={__('Currency')}
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
            data={[
              { value: '', label: __('All currencies') },
              ...currencies.map((code) => ({ value: code.toLowerCase(), label: code.toUpperCase() })),
            ]}
            size="sm"
          />
        )}
        <Button type="submit" size="sm" disabled={!dateComplete}>
          {__('Filter')}
        </Button>
        <Button type="button" variant="subtle" size="sm" onClick={clear}>
          {__('Clear filters')}
        </Button>
      </Group>
    </form>
  );
}
