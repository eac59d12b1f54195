import { Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import type { TWcpaySettings } from '@paydesk/domain/contracts';
import { __ } from '../../../lib/i18n.ts';

type Incentive = NonNullable<TWcpaySettings['connectIncentive']>;

/**
 * The Connect page's promotion box: shown when the store offers a connect promotion and has no
 * account yet. The description is the operator's plain text; its terms open in a new tab.
 */
export function ConnectIncentive({ incentive }: { incentive: Incentive }) {
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="connect-incentive-title"
      data-testid="connect-incentive"
    >
      <Stack gap="xs" align="flex-start">
        <Badge variant="light" color="grape">
          {__('Limited time offer')}
        </Badge>
        <Title order={2} size="h4" id="connect-incentive-title">
          {`${incentive.description}*`}
        </Title>
        <Text size="sm">
          {__('The discount applies to payments processed once your store is set up and connected.')}
        </Text>
        <Text size="sm">
          {'* '}
          <Anchor
            href={incentive.tc_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="connect-incentive-terms"
          >
            {__('Terms and conditions apply (opens in a new tab)')}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
