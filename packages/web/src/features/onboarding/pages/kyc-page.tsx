import { Text, Title } from '@mantine/core';
import { sanitizeSource } from '@paydesk/domain/onboarding/connect-query';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { getAdminUrl, useSearch } from '../../../lib/navigation.ts';
import { EmbeddedStep } from '../components/embedded-step.tsx';
import { OnboardingFrame } from '../components/onboarding-frame.tsx';

const isTrue = (value: string | null) => value === 'true' || value === '1';

/**
 * Continue verification (/payments/onboarding/kyc): the verification form on a new session of
 * the existing account; collect_payout_requirements asks for what payouts need as well.
 */
export default function KycPage() {
  const search = useSearch();
  const source = sanitizeSource(search.get('source'));
  const from = sanitizeSource(search.get('from'));
  const collectPayout = isTrue(search.get('collect_payout_requirements'));
  const exit = () => window.location.assign(getAdminUrl('/payments/connect', { source }));

  return (
    <OnboardingFrame onClose={exit} scrollKey="kyc" testId="onboarding-kyc">
      <Title order={1} size="h2" mb={4}>
        {__('Finish verifying your business')}
      </Title>
      <Text c="dimmed" mb="lg">
        {collectPayout
          ? __('Add the details needed to send your payouts.')
          : __('Pick up where you left off.')}
      </Text>
      <EmbeddedStep
        query={collectPayout ? { collect_payout_requirements: 'true' } : {}}
        country={getSettings().connect.country}
        source={source}
        from={from}
      />
    </OnboardingFrame>
  );
}
