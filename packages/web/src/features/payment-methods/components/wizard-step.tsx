import { Badge, Box, Group, Text, Title } from '@mantine/core';
import {
  PAYMENT_METHODS_WIZARD_MESSAGES as M,
  PAYMENT_METHODS_WIZARD_STEPS,
  type PaymentMethodsWizardStep,
  stepOfText,
} from '@paydesk/domain/payments/methods-wizard';
import { forwardRef, type ReactNode } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { t } from './method-option.tsx';

interface Props {
  step: PaymentMethodsWizardStep;
  current: PaymentMethodsWizardStep;
  children?: ReactNode;
}

/**
 * One step of the wizard in its ordered list: the current one is marked `aria-current="step"`
 * and shows its content; its heading takes the focus when the wizard moves to it, so a screen
 * reader announces the step ("Step 2 of 2, Setup complete").
 */
export const WizardStep = forwardRef<HTMLHeadingElement, Props>(function WizardStep(
  { step, current, children },
  ref,
) {
  const index = PAYMENT_METHODS_WIZARD_STEPS.indexOf(step);
  const active = step === current;
  const done = index < PAYMENT_METHODS_WIZARD_STEPS.indexOf(current);
  const headingId = `wizard-step-${step}`;
  return (
    <Box
      component="li"
      aria-current={active ? 'step' : undefined}
      aria-labelledby={headingId}
      p="lg"
      bd="1px solid var(--mantine-color-default-border)"
      bdrs="md"
      data-testid={`wizard-step-${step}`}
    >
      <Group gap="sm" mb={active ? 'md' : 0}>
        <Title order={2} size="h4" id={headingId} ref={ref} tabIndex={-1}>
          <Text component="span" size="sm" c="dimmed" display="block">
            {t(stepOfText(step))}
          </Text>
          {__(M.stepTitles[step])}
        </Title>
        {done ? (
          <Badge color="green" variant="light">
            {__(M.stepDone)}
          </Badge>
        ) : null}
      </Group>
      {active ? children : null}
    </Box>
  );
});
