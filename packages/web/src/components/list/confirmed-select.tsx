import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';

/** Keys that step through a closed select's options, changing its value on each press. */
const STEPPING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

interface Props extends Omit<NativeSelectProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string;
  /** Called once the choice is confirmed. */
  onConfirm: (value: string) => void;
}

/**
 * A select that acts on a confirmed choice (docs/accessibility.md), for every select whose
 * choice does something: reloads a list, sends a request, or swaps the fields that follow it
 * (a dispute's product type). Arrow keys on the closed
 * select only move through the options, and Enter applies the one shown; a choice made in the
 * open list (a click, or Enter there) applies at once. Leaving it without Enter puts back the
 * value in use, so what it shows is always what applies.
 */
export function ConfirmedSelect({ value, onConfirm, onKeyDown, onBlur, ...props }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const stepping = useRef(false);
  const confirm = (next: string) => {
    setDraft(null);
    if (next !== value) onConfirm(next);
  };
  return (
    <NativeSelect
      {...props}
      value={draft ?? value}
      onKeyDown={(event: KeyboardEvent<HTMLSelectElement>) => {
        onKeyDown?.(event);
        if (STEPPING_KEYS.has(event.key) && !event.altKey) {
          stepping.current = true;
          // The change event of this key press comes before the next task.
          window.setTimeout(() => {
            stepping.current = false;
          }, 0);
        } else if (event.key === 'Enter' && draft !== null) {
          event.preventDefault();
          confirm(draft);
        }
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (stepping.current) setDraft(next);
        else confirm(next);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        setDraft(null);
      }}
    />
  );
}
