import { Group, Pill, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_SEARCH_TERMS } from '@paydesk/domain/transactions/filters';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { __, sprintf } from '../../../lib/i18n.ts';
import { transactionsKeys } from '../../../lib/query-keys/index.ts';

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_DELAY_MS = 250;
/** Longest term the lists search for. */
const MAX_TERM_LENGTH = 100;

interface SearchBoxProps {
  /** Which list the suggestions are for; part of their cache key. */
  list: string;
  placeholder: string;
  terms: readonly string[];
  onChange: (terms: string[]) => void;
  /** Suggestions for what was typed: customer names, 'name (email)', order numbers. */
  suggest: (term: string, signal: AbortSignal) => Promise<string[]>;
}

/**
 * The list's search: typing suggests matching customers and orders (the browser's own
 * suggestion list, so the page carries no dropdown code); Enter or picking a suggestion adds
 * the term, and each term shows as a pill that removes it.
 */
export function SearchBox({ list, placeholder, terms, onChange, suggest }: SearchBoxProps) {
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [term] = useDebouncedValue(typed.trim(), SUGGEST_DELAY_MS);
  const suggestions = useQuery({
    queryKey: transactionsKeys.search(list, term),
    queryFn: ({ signal }) => suggest(term, signal),
    enabled: term.length > 0 && term.length <= MAX_TERM_LENGTH,
    staleTime: 60_000,
  });
  const add = (value: string) => {
    const next = value.trim();
    setTyped('');
    if (!next || next.length > MAX_TERM_LENGTH || terms.includes(next)) return;
    onChange([...terms, next].slice(0, MAX_SEARCH_TERMS));
  };
  return (
    <Group gap={6} wrap="wrap" data-testid="list-search">
      {terms.map((value) => (
        <Pill
          key={value}
          withRemoveButton
          onRemove={() => onChange(terms.filter((other) => other !== value))}
          // The pill's button is hidden from assistive technology by default; here it is the way to
          // remove a term, so it is named and reachable by keyboard.
          removeButtonProps={{
            'aria-label': sprintf(__('Remove %s'), value),
            'aria-hidden': false,
            tabIndex: 0,
          }}
        >
          {value}
        </Pill>
      ))}
      <TextInput
        aria-label={__('Search')}
        placeholder={placeholder}
        value={typed}
        maxLength={MAX_TERM_LENGTH}
        disabled={terms.length >= MAX_SEARCH_TERMS}
        onChange={(event) => {
          const value = event.currentTarget.value;
          // Picking a suggestion from the browser's list replaces the text with it at once.
          const picked = (event.nativeEvent as InputEvent).inputType === undefined;
          if (picked && suggestions.data?.includes(value)) add(value);
          else setTyped(value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add(typed);
          }
        }}
        list={listId}
        size="sm"
        w={{ base: '100%', sm: 420 }}
      />
      <datalist id={listId}>
        {(suggestions.data ?? []).map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </Group>
  );
}
