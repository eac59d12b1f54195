import { NativeSelect, TextInput } from '@mantine/core';
import {
  type AdvancedFilter,
  isCalendarDay,
  readAdvancedFilters,
} from '@paydesk/domain/transactions/filters';
import { useState } from 'react';
import { __ } from '../../lib/i18n.ts';

export type DateRule = '' | 'before' | 'after' | 'between';

export interface DateRuleState {
  rule: DateRule;
  from: string;
  to: string;
  setRule: (rule: DateRule) => void;
  setFrom: (day: string) => void;
  setTo: (day: string) => void;
  /** Whether the URL holds a date filter now. */
  applied: boolean;
  /** Whether the rule has every day it needs (no rule needs none). */
  complete: boolean;
  /** The date filter the fields describe, for `advancedFiltersToQuery`; none without a rule. */
  filters: () => AdvancedFilter[];
  clear: () => void;
}

/**
 * A list's date filter as it is edited: a rule (before, after or between days, UTC) with its
 * days, starting from the one the URL holds. The list applies it with its other filters.
 */
export function useDateRule(query: Readonly<Record<string, string>>): DateRuleState {
  const applied = readAdvancedFilters(query).find((filter) => filter.key === 'date');
  const date = applied?.key === 'date' ? applied : undefined;
  const [rule, setRule] = useState<DateRule>(date ? date.rule : '');
  const [from, setFrom] = useState(date ? (Array.isArray(date.value) ? date.value[0] : date.value) : '');
  const [to, setTo] = useState(date && Array.isArray(date.value) ? date.value[1] : '');
  return {
    rule,
    from,
    to,
    setRule,
    setFrom,
    setTo,
    applied: date !== undefined,
    complete:
      rule === '' || (rule === 'between' ? isCalendarDay(from) && isCalendarDay(to) : isCalendarDay(from)),
    filters: () =>
      rule === ''
        ? []
        : rule === 'between'
          ? [{ key: 'date', rule, value: [from, to] }]
          : [{ key: 'date', rule, value: from }],
    clear: () => {
      setRule('');
      setFrom('');
      setTo('');
    },
  };
}

/** The date rule's select and its day fields: one day for before and after, two for between. */
export function DateRuleFields({ state, required }: { state: DateRuleState; required?: boolean }) {
  return (
    <>
      <NativeSelect
        label={__('Date')}
        value={state.rule}
        onChange={(event) => state.setRule(event.currentTarget.value as DateRule)}
        data={[
          { value: '', label: __('Any date') },
          { value: 'before', label: __('Before') },
          { value: 'after', label: __('After') },
          { value: 'between', label: __('Between') },
        ]}
      />
      {state.rule !== '' && (
        <TextInput
          type="date"
          label={state.rule === 'between' ? __('From') : __('Day')}
          value={state.from}
          onChange={(event) => state.setFrom(event.currentTarget.value)}
          required={required}
        />
      )}
      {state.rule === 'between' && (
        <TextInput
          type="date"
          label={__('To')}
          value={state.to}
          onChange={(event) => state.setTo(event.currentTarget.value)}
          required={required}
        />
      )}
    </>
  );
}
