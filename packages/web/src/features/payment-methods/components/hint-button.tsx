import { ActionIcon, Box } from '@mantine/core';
import { useId, useState } from 'react';

interface Props {
  /** The button's name, e.g. "iDEAL cannot be enabled at checkout." */
  label: string;
  /** What the tooltip says; also the button's description, so screen readers read it at once. */
  tip: string;
}

/**
 * A warning button with a tooltip, shown on hover, on focus and on a tap (the wizard's
 * setup-required tooltip). It stays while the pointer is over it and closes on Escape (WCAG 1.4.13).
 * Mantine's Tooltip would put its positioning library into chunks the Overview shares, past the
 * first-load budget; this needs none.
 */
export function HintButton({ label, tip }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box pos="relative" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        data-testid="setup-required"
      >
        <span aria-hidden="true">!</span>
      </ActionIcon>
      <Box
        role="tooltip"
        id={id}
        hidden={!open}
        pos="absolute"
        top="100%"
        right={0}
        w={260}
        p="xs"
        fz="sm"
        bg="dark.7"
        c="white"
        bdrs="sm"
        style={{ zIndex: 10 }}
      >
        {tip}
      </Box>
    </Box>
  );
}
