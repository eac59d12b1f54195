import { Box, Button, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import { OVERVIEW_STEP_FIELDS, toSelfAssessment } from '@paydesk/domain/onboarding/business';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { track } from '../../../lib/track.ts';
import { usePoEligible } from '../api/po-eligible.ts';
import { BusinessStep, type BusinessStepValues, initialBusinessStepValues } from './business-step.tsx';

const EmbeddedStep = lazy(() =>
  import('./embedded-step.tsx').then((module) => ({ default: module.EmbeddedStep })),
);

const STEPS = ['business', 'store', 'loading', 'embedded'] as const;
type Step = (typeof STEPS)[number];

/** What the Overview flow reports to finalize as `from`. */
export const OVERVIEW_FLOW_FROM = 'WCPAY_OVERVIEW';

/**
 * The Overview onboarding flow: the business questions, the store questions, a
 * loading step while eligibility is checked, then the embedded verification form. It is the
 * wizard's flow in place on a page, with the same rules and the same calls.
 */
export function OverviewOnboardingFlow({ source }: { source: string }) {
  const [step, setStep] = useState<Step>('business');
  const [values, setValues] = useState<BusinessStepValues>(initialBusinessStepValues);
  const [progressive, setProgressive] = useState(false);
  const poEligible = usePoEligible();
  const top = useRef<HTMLDivElement>(null);

  const go = (next: Step) => {
    setStep(next);
    top.current?.scrollIntoView?.({ block: 'start' });
  };

  // The loading step checks eligibility once per visit, then moves on by itself.
  const { mutate: checkEligibility } = poEligible;
  useEffect(() => {
    if (step !== 'loading') return;
    const { data } = values;
    checkEligibility(
      {
        business: { country: data.country ?? '', type: data.business_type ?? '', mcc: data.mcc ?? '' },
        store: { annual_revenue: data.annual_revenue ?? '', go_live_timeframe: data.go_live_timeframe ?? '' },
      },
      {
        onSuccess: (eligible) => {
          setProgressive(eligible);
          track('wcpay_onboarding_flow_step_completed', { step: 'store', source });
          setStep('embedded');
        },
      },
    );
  }, [step, values, checkEligibility, source]);

  const sessionQuery = {
    self_assessment: JSON.stringify(
      toSelfAssessment(values.data, { business_name: values.businessName, url: values.url }),
    ),
    progressive: progressive ? 'true' : 'false',
  } as const;

  return (
    <Stack gap="md" ref={top} data-testid="overview-onboarding-flow">
      <Stepper active={STEPS.indexOf(step)} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label={__('Business')} />
        <Stepper.Step label={__('Store')} />
        <Stepper.Step label={__('Setting up')} />
        <Stepper.Step label={__('Verification')} />
      </Stepper>
      {step === 'business' && (
        <BusinessStep
          initial={values}
          busy={false}
          fields={OVERVIEW_STEP_FIELDS.business}
          framed={false}
          onContinue={(next) => {
            setValues(next);
            go('store');
          }}
        />
      )}
      {step === 'store' && (
        <Stack gap="xs" align="stretch">
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => go('business')}>
              {__('Back')}
            </Button>
          </Group>
          <BusinessStep
            initial={values}
            busy={false}
            fields={OVERVIEW_STEP_FIELDS.store}
            framed={false}
            title={__('Tell us about your store')}
            onContinue={(next) => {
              setValues(next);
              go('loading');
            }}
          />
        </Stack>
      )}
      {step === 'loading' && (
        <Box py="xl" data-testid="overview-onboarding-loading">
          {poEligible.isError ? (
            <Stack gap="sm" align="flex-start">
              <Text c="red" role="alert">
                {poEligible.error.message}
              </Text>
              <Button variant="default" onClick={() => go('store')}>
                {__('Back')}
              </Button>
            </Stack>
          ) : (
            <Group gap="md">
              <Loader size="sm" aria-label={__('Loading')} />
              <Text>{__('One moment while we set up your account…')}</Text>
            </Group>
          )}
        </Box>
      )}
      {step === 'embedded' && (
        <Suspense fallback={<Loader aria-label={__('Loading')} />}>
          <EmbeddedStep
            query={sessionQuery}
            country={values.data.country ?? getSettings().connect.country}
            source={source}
            from={OVERVIEW_FLOW_FROM}
            framed={false}
          />
        </Suspense>
      )}
    </Stack>
  );
}
