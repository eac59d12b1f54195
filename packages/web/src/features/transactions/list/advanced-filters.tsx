import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  type AdvancedFilter,
  advancedFiltersToQuery,
  type FilterKey,
  isCalendarDay,
  readAdvancedFilters,
  type ValueFilterKey,
} from '@paydesk/domain/transactions/filters';
import { useEffect, useRef, useState } from 'react';
import { focusIsLost } from '../../../components/focus.ts';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';

export interface FilterDefinition {
  key: FilterKey;
  label: string;
  /** The values to choose from; none means a typed value. */
  options?: { value: string; label: string }[];
}

/** A rule being edited: a between may have one end only until it is complete. */
type Draft =
  | { key: 'date'; rule: 'before' | 'after'; value: string }
  | { key: 'date'; rule: 'between'; value: [string, string] }
  | { key: ValueFilterKey; rule: 'is' | 'is_not'; value: string };

const isComplete = (draft: Draft): draft is AdvancedFilter =>
  draft.key === 'date'
    ? draft.rule === 'between'
      ? isCalendarDay(draft.value[0]) && isCalendarDay(draft.value[1])
      : isCalendarDay(draft.value)
    : draft.value.trim() !== '';

function newDraft(definition: FilterDefinition): Draft {
  return definition.key === 'date'
    ? { key: 'date', rule: 'between', value: ['', ''] }
    : { key: definition.key, rule: 'is', value: definition.options?.[0]?.value ?? '' };
}

const ruleOptions = (key: FilterKey) =>
  key === 'date'
    ? [
        { value: 'before', label: __('Before') },
        { value: 'after', label: __('After') },
        { value: 'between', label: __('Between') },
      ]
    : [
        { value: 'is', label: __('Is') },
        { value: 'is_not', label: __('Is not') },
      ];

/**
 * Which button of the panel applied the rules. The panel starts over from the URL after it (its
 * buttons go and come back), so the new panel gives the focus back to where it was: Filter, or
 * Add a Filter after Clear all filters, which leaves with the rules.
 */
let appliedWith: 'filter' | 'clear' | null = null;

interface AdvancedFiltersProps {
  query: Readonly<Record<string, string>>;
  definitions: readonly FilterDefinition[];
}

/**
 * The advanced filters: the date is before, after or between days; every other filter is
 * or is not a value. The rules live in the URL; this panel edits a copy and applies it.
 */
export function AdvancedFilters({ query, definitions }: AdvancedFiltersProps) {
  const applied = readAdvancedFilters(query).filter((filter) =>
    definitions.some((definition) => definition.key === filter.key),
  );
  const [drafts, setDrafts] = useState<Draft[]>(() => applied.map((filter) => ({ ...filter }) as Draft));
  const [match, setMatch] = useState<'all' | 'any'>(query.match === 'any' ? 'any' : 'all');
  const used = new Set(drafts.map((draft) => `${draft.key}`));
  const available = definitions.filter((definition) => definition.key !== 'date' || !used.has('date'));
  const definitionOf = (key: FilterKey) => definitions.find((definition) => definition.key === key)!;

  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const by = appliedWith;
    appliedWith = null;
    if (!by || !focusIsLost()) return;
    const selector = by === 'filter' ? '[data-filter-apply]' : '[data-testid="add-filter"]';
    card.current?.querySelector<HTMLElement>(selector)?.focus();
  }, []);

  const replace = (index: number, draft: Draft) =>
    setDrafts((current) => current.map((old, i) => (i === index ? draft : old)));
  const apply = (next: Draft[]) => {
    const complete = next.filter(isComplete);
    updateQuery({ ...advancedFiltersToQuery(query, complete, match), paged: 1 });
  };

  return (
    <Card withBorder padding="sm" data-testid="advanced-filters" ref={card}>
      <Stack gap="xs">
        <Group gap={6}>
          <Text size="sm">{__('Transactions match')}</Text>
          <NativeSelect
            aria-label={__('Match')}
            size="xs"
            w={80}
            data={[
              { value: 'all', label: __('All') },
              { value: 'any', label: __('Any') },
            ]}
            value={match}
            onChange={(event) => setMatch(event.currentTarget.value === 'any' ? 'any' : 'all')}
          />
          <Text size="sm">{__('filters')}</Text>
        </Group>
        {drafts.map((draft, index) => {
          const definition = definitionOf(draft.key);
          const label = definition.label;
          return (
            <Group
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity beyond their place
              key={index}
              gap="xs"
              wrap="wrap"
              data-testid={`filter-${draft.key}`}
            >
              <Text size="sm" fw={600} w={130}>
                {label}
              </Text>
              <NativeSelect
                aria-label={sprintf(__('%s rule'), label)}
                size="xs"
                w={110}
                data={ruleOptions(draft.key)}
                value={draft.rule}
                onChange={(event) => {
                  const rule = event.currentTarget.value;
                  if (draft.key === 'date') {
                    const first = Array.isArray(draft.value) ? draft.value[0] : draft.value;
                    replace(
                      index,
                      rule === 'between'
                        ? { key: 'date', rule: 'between', value: [first, ''] }
                        : { key: 'date', rule: rule as 'before' | 'after', value: first },
                    );
                  } else {
                    replace(index, { ...draft, rule: rule as 'is' | 'is_not' });
                  }
                }}
              />
              {draft.key === 'date' ? (
                draft.rule === 'between' ? (
                  <>
                    <TextInput
                      type="date"
                      size="xs"
                      aria-label={__('Start date')}
                      value={draft.value[0]}
                      onChange={(event) =>
                        replace(index, { ...draft, value: [event.currentTarget.value, draft.value[1]] })
                      }
                    />
                    <Text size="sm">{__('and')}</Text>
                    <TextInput
                      type="date"
                      size="xs"
                      aria-label={__('End date')}
                      value={draft.value[1]}
                      onChange={(event) =>
                        replace(index, { ...draft, value: [draft.value[0], event.currentTarget.value] })
                      }
                    />
                  </>
                ) : (
                  <TextInput
                    type="date"
                    size="xs"
                    aria-label={__('Date')}
                    value={draft.value}
                    onChange={(event) => replace(index, { ...draft, value: event.currentTarget.value })}
                  />
                )
              ) : definition.options ? (
                <NativeSelect
                  aria-label={sprintf(__('%s value'), label)}
                  size="xs"
                  w={200}
                  data={definition.options}
                  value={draft.value}
                  onChange={(event) => replace(index, { ...draft, value: event.currentTarget.value })}
                />
              ) : (
                <TextInput
                  aria-label={sprintf(__('%s value'), label)}
                  size="xs"
                  w={200}
                  value={draft.value}
                  onChange={(event) => replace(index, { ...draft, value: event.currentTarget.value })}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={sprintf(__('Remove %s filter'), label)}
                onClick={() => setDrafts((current) => current.filter((_, i) => i !== index))}
              >
                ×
              </ActionIcon>
            </Group>
          );
        })}
        <Group gap="xs">
          {/* Arrow keys choose a filter; Enter (or a choice in the open list) adds it. */}
          <ConfirmedSelect
            aria-label={__('Add a Filter')}
            size="xs"
            w={170}
            disabled={available.length === 0}
            value=""
            data={[
              { value: '', label: __('Add a Filter') },
              ...available.map((definition) => ({ value: definition.key, label: definition.label })),
            ]}
            onConfirm={(key) => {
              const definition = available.find((item) => item.key === key);
              if (definition) setDrafts((current) => [...current, newDraft(definition)]);
            }}
            data-testid="add-filter"
          />
          <Button
            size="xs"
            onClick={() => {
              appliedWith = 'filter';
              apply(drafts);
            }}
            disabled={!drafts.every(isComplete)}
            data-filter-apply
          >
            {__('Filter')}
          </Button>
          {(drafts.length > 0 || applied.length > 0) && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                appliedWith = 'clear';
                // This button leaves with the rules: Add a Filter takes the focus before it goes.
                card.current?.querySelector<HTMLElement>('[data-testid="add-filter"]')?.focus();
                setDrafts([]);
                apply([]);
              }}
            >
              {__('Clear all filters')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
