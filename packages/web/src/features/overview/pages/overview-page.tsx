import { Card, Loader, Stack, Title } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { AccountStatusCard } from '../account/account-status-card.tsx';
import { BalanceWidget } from '../balance/balance-widget.tsx';
import { FraudProtectionBanner } from '../fraud-banner/fraud-protection-banner.tsx';
import { Greeting } from '../greeting/greeting.tsx';
import { InboxPanel } from '../inbox/inbox-panel.tsx';
import { ConnectionSuccessModal } from '../modals/connection-success-modal.tsx';
import { EligibilityModal } from '../modals/eligibility-modal.tsx';
import { NotificationsBanner } from '../notices/notifications-banner.tsx';
import { QueryFlagNotices } from '../notices/query-flag-notices.tsx';
import { SafeModeNotice } from '../notices/safe-mode-notice.tsx';
import { SetupNotice } from '../notices/setup-notice.tsx';
import { PaymentActivity } from '../payment-activity/payment-activity.tsx';
import { PayoutsWidget } from '../payouts/payouts-widget.tsx';
import { OverviewSurvey } from '../survey/overview-survey.tsx';
import { TaskList } from '../tasks/task-list.tsx';

/**
 * The Overview: a vertical stack of widgets, top to bottom. Each widget decides for
 * itself whether it shows (the account's state, its own data), so the page only orders them.
 */
export default function OverviewPage({
  setupFlow: SetupFlow,
}: {
  setupFlow?: ComponentType<{ source: string }>;
}) {
  const settings = getSettings();
  // An account whose business details were never submitted cannot take payments yet: the
  // verification comes first, in place (the Overview onboarding flow).
  const needsSetup = settings.isAccountConnected && !settings.accountStatus.detailsSubmitted;
  return (
    <Stack gap="lg" data-testid="overview-page">
      <QueryFlagNotices />
      <SafeModeNotice />
      <Greeting />
      <SetupNotice />
      {needsSetup && SetupFlow && (
        <Card withBorder padding="lg" data-testid="overview-onboarding">
          <Title order={3} size="h4" mb="md">
            {__('Finish setting up payments')}
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <SetupFlow source="wcpay-overview" />
          </Suspense>
        </Card>
      )}
      <NotificationsBanner />
      <FraudProtectionBanner />
      <TaskList />
      <PaymentActivity />
      <BalanceWidget />
      <PayoutsWidget />
      {/* Until the details are in, the setup card above stands for the account: a status
          chip would only read 'Unknown' for the fresh, pending account. */}
      {!needsSetup && <AccountStatusCard />}
      <InboxPanel />
      <OverviewSurvey />
      <EligibilityModal />
      <ConnectionSuccessModal />
    </Stack>
  );
}
