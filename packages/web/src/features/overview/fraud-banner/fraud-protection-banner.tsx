import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { serializeFraudBannerSettings, showsFraudBanner } from '@paydesk/domain/overview/fraud-banner';
import { useState } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { useAccount } from '../account/api/get-account.ts';
import { useOverviewOptions, useUpdateOptions } from '../account/api/options.ts';
import classes from '../layout.module.css';

/**
 * Points a store that has taken payments to the fraud protection filters. Dismissing
 * stores `{"dontShowAgain":true}` in `wcpay_frt_discover_banner_settings`.
 */
export function FraudProtectionBanner() {
  const account = useAccount();
  const options = useOverviewOptions();
  const update = useUpdateOptions();
  const [dismissed, setDismissed] = useState(false);
  if (!account.data || !options.data || dismissed) return null;
  if (
    !showsFraudBanner(account.data.progressiveOnboarding.tpv, options.data.wcpay_frt_discover_banner_settings)
  ) {
    return null;
  }
  const dismiss = () => {
    setDismissed(true);
    track('wcpay_fraud_protection_banner_dismissed');
    update.mutate(
      { wcpay_frt_discover_banner_settings: serializeFraudBannerSettings({ dontShowAgain: true }) },
      { onError: (error) => createNotice('error', error.message) },
    );
  };
  return (
    <Card withBorder padding="md" data-testid="fraud-banner" bg="indigo.0">
      <div className={classes.banner}>
        <Group wrap="nowrap" align="flex-start" gap="md" className={classes.bannerText}>
          <ThemeIcon size="lg" radius="xl" variant="light" aria-hidden>
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3z" strokeLinejoin="round" />
              <path d="M9 12l2 2 4-4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Text fw={600}>{__('Enhanced fraud protection for your store')}</Text>
            <Text size="sm" c="dimmed">
              {__(
                'Block or hold risky payments for review with advanced fraud filters: address checks, IP country, order size and purchase price.',
              )}
            </Text>
          </Stack>
        </Group>
        <div className={classes.bannerActions}>
          <Button
            component={AdminLink}
            path="/payments/fraud-protection"
            size="xs"
            onClick={() => track('wcpay_fraud_protection_banner_learn_more_clicked')}
          >
            {__('Discover how')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={dismiss}>
            {__('Dismiss')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
