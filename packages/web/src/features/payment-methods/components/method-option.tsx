import { Badge, Box, Checkbox, Group, Loader } from '@mantine/core';
import {
  PAYMENT_METHODS_WIZARD_MESSAGES as M,
  methodFeesText,
  type WizardMethod,
  type WizardText,
} from '@paydesk/domain/payments/methods-wizard';
import type { MethodFees } from '@paydesk/domain/processor/pricing';
import { fillTemplate } from '@paydesk/domain/template';
import { __ } from '../../../lib/i18n.ts';
import { HintButton } from './hint-button.tsx';

/** A domain template filled after translation. */
export const t = (value: WizardText) => fillTemplate(__(value.template), ...value.args);

interface Props {
  method: WizardMethod;
  checked: boolean;
  /** Enabling: the spinner runs and the checkbox waits. */
  pending: boolean;
  /** The account's price for it (the page's `accountFees`); 'missing fees' shows without one. */
  fees?: MethodFees;
  locale: string;
  onChange: (enabled: boolean) => void;
}

const line = (content: string) => (
  <Box component="span" display="block">
    {content}
  </Box>
);

/**
 * One method of step 1: its checkbox, what it is, the currencies it takes and its fees, its
 * status, and why it cannot be changed when it cannot. A method that needs setup (or is
 * inactive) has a warning button whose tooltip says why; the same words are in its description,
 * so they are read with the checkbox too.
 */
export function MethodOption({ method, checked, pending, fees, locale, onChange }: Props) {
  const currencies =
    method.currencies.length > 0
      ? fillTemplate(__(M.currencies), method.currencies.join(', '))
      : __(M.anyCurrency);
  const description = (
    <>
      {line(__(method.description))}
      {line(currencies)}
      {line(t(methodFeesText(fees, locale)))}
      {method.reason ? line(t(method.reason)) : null}
    </>
  );
  const label = (
    <Group gap={6} component="span">
      {method.label}
      {method.required ? (
        <Badge size="sm" variant="light" color="gray" component="span">
          {__(M.required)}
        </Badge>
      ) : null}
      {method.statusLabel ? (
        <Badge size="sm" variant="light" color="yellow" component="span">
          {__(method.statusLabel)}
        </Badge>
      ) : null}
    </Group>
  );
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid={`method-${method.id}`}>
      <Checkbox
        label={label}
        description={description}
        checked={checked}
        disabled={!method.selectable || pending}
        aria-busy={pending || undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
        style={{ flex: 1 }}
      />
      {pending ? (
        <Loader size="xs" role="status" aria-label={__(M.enabling)} data-testid="method-spinner" />
      ) : null}
      {method.hint && method.reason ? <HintButton label={t(method.hint)} tip={t(method.reason)} /> : null}
    </Group>
  );
}
