import { Button, Loader, Stepper } from '@mantine/core';
import { toSelfAssessment } from '@paydesk/domain/onboarding/business';
import { sanitizeSource } from '@paydesk/domain/onboarding/connect-query';
import { lazy, Suspense, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { getAdminUrl, useSearch } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { usePoEligible } from '../api/po-eligible.ts';
import {
  BusinessStep,
  type BusinessStepValues,
  initialBusinessStepValues,
} from '../components/business-step.tsx';
import { OnboardingFrame } from '../components/onboarding-frame.tsx';

// The verification form loads when the merchant reaches it, keeping the first step light.
const EmbeddedStep = lazy(() =>
  import('../components/embedded-step.tsx').then((module) => ({ default: module.EmbeddedStep })),
);

const STEPS = ['business', 'embedded'] as const;
type Step = (typeof STEPS)[number];

/** Where leaving the wizard goes: the Connect page, saying where the merchant came from. */
export const WIZARD_FROM = 'WCPAY_ONBOARDING_WIZARD';

/**
 * The onboarding wizard (/payments/onboarding), full screen: the business step, then the
 * embedded verification step on an account session.
 */
export default function OnboardingPage() {
  const search = useSearch();
  const source = sanitizeSource(search.get('source'));
  const [step, setStep] = useState<Step>('business');
  const [values, setValues] = useState<BusinessStepValues>(initialBusinessStepValues);
  const [progressive, setProgressive] = useState(false);
  const poEligible = usePoEligible();

  const exit = () => window.location.assign(getAdminUrl('/payments/connect', { source, from: WIZARD_FROM }));

  const continueFromBusiness = async (next: BusinessStepValues) => {
    setValues(next);
    const { data } = next;
    try {
      const eligible = await poEligible.mutateAsync({
        business: { country: data.country ?? '', type: data.business_type ?? '', mcc: data.mcc ?? '' },
        store: { annual_revenue: data.annual_revenue ?? '', go_live_timeframe: data.go_live_timeframe ?? '' },
      });
      setProgressive(eligible);
    } catch (error) {
      createNotice('error', error instanceof Error ? error.message : String(error));
      return;
    }
    track('wcpay_onboarding_flow_step_completed', { step: 'business', source });
    setStep('embedded');
  };

  const sessionQuery = {
    self_assessment: JSON.stringify(
      toSelfAssessment(values.data, { business_name: values.businessName, url: values.url }),
    ),
    progressive: progressive ? 'true' : 'false',
  } as const;

  return (
    <OnboardingFrame onClose={exit} scrollKey={step} testId="onboarding-wizard">
      <Stepper active={STEPS.indexOf(step)} size="sm" mb="xl" allowNextStepsSelect={false}>
        <Stepper.Step label={__('Business details')} />
        <Stepper.Step label={__('Verification')} />
      </Stepper>
      {step === 'business' ? (
        <BusinessStep initial={values} busy={poEligible.isPending} onContinue={continueFromBusiness} />
      ) : (
        <>
          <Button variant="subtle" mb="sm" onClick={() => setStep('business')} data-testid="onboarding-back">
            {__('Back')}
          </Button>
          <Suspense fallback={<Loader aria-label={__('Loading')} />}>
            <EmbeddedStep
              query={sessionQuery}
              country={values.data.country ?? getSettings().connect.country}
              source={source}
              from={WIZARD_FROM}
            />
          </Suspense>
        </>
      )}
    </OnboardingFrame>
  );
}
