import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useState } from 'react';
import { __ } from '../lib/i18n.ts';

export interface ColumnChoice {
  id: string;
  header: string;
  visible: boolean;
}

interface ColumnChooserProps {
  choices: readonly ColumnChoice[];
  onToggle: (id: string, visible: boolean) => void;
}

/**
 * Shows or hides a list's optional columns. A plain panel under its button, not a floating
 * menu, so lists do not carry positioning code on their first load.
 */
export function ColumnChooser({ choices, onToggle }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const ref = useClickOutside(() => setOpen(false));
  // A list whose columns all stay shown has nothing to choose.
  if (choices.length === 0) return null;
  return (
    <div ref={ref} style={{ position: 'relative' }}>
      <UnstyledButton
        aria-label={__('Choose which values to display')}
        title={__('Choose which values to display')}
        aria-expanded={open}
        px={8}
        fz="lg"
        data-testid="column-menu"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        ⋮
      </UnstyledButton>
      {open && (
        <Paper
          shadow="md"
          withBorder
          p="sm"
          style={{ position: 'absolute', right: 0, top: '100%', zIndex: 20, minWidth: 200 }}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <Text size="xs" c="dimmed" fw={600} mb={6}>
            {__('Columns:')}
          </Text>
          <Stack gap={6}>
            {choices.map((choice) => (
              <label
                key={choice.id}
                style={{ display: 'flex', gap: 8, fontSize: 'var(--mantine-font-size-sm)' }}
              >
                <input
                  type="checkbox"
                  checked={choice.visible}
                  onChange={(event) => onToggle(choice.id, event.currentTarget.checked)}
                  data-testid={`column-toggle-${choice.id}`}
                />
                {choice.header}
              </label>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
