import { Text, Title } from '@mantine/core';
import { hidesGreetingInboxAndNotifications } from '@paydesk/domain/overview/account-status';
import { dayPart } from '@paydesk/domain/overview/greeting';
import { getPage, getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';

function greetingText(firstName: string, hour: number): string {
  const part = dayPart(hour);
  if (!firstName) {
    return { morning: __('Good morning'), afternoon: __('Good afternoon'), evening: __('Good evening') }[
      part
    ];
  }
  return sprintf(
    { morning: __('Good morning, %s'), afternoon: __('Good afternoon, %s'), evening: __('Good evening, %s') }[
      part
    ],
    firstName,
  );
}

/** The time-of-day greeting with the signed-in user's first name. */
export function Greeting() {
  const settings = getSettings();
  if (hidesGreetingInboxAndNotifications(settings.accountStatus.status)) return null;
  return (
    <div data-testid="greeting-widget">
      <Title order={2} size="h3" data-testid="greeting">
        {greetingText(getPage().user.first_name, new Date().getHours())}
      </Title>
      <Text size="sm" c="dimmed">
        {settings.isAccountConnected
          ? __("Here's how your store's payments are doing.")
          : __('Connect your store to a payments account to start accepting payments.')}
      </Text>
    </div>
  );
}
