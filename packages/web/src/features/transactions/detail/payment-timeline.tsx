import { Alert, Anchor, Card, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  buildTimeline,
  type TimelineSegment,
  type TimelineTone,
} from '@paydesk/domain/transactions/timeline';
import type { ReactNode } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { useTimeline } from './api/get-timeline.ts';
import { dateTime } from './display.ts';

const TONE_COLORS: Record<TimelineTone, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
  neutral: 'gray',
};

function Segments({ segments }: { segments: TimelineSegment[] }) {
  return (
    <>
      {segments.map((segment, index) => {
        if (typeof segment === 'string') return segment;
        const key = `${index}-${segment.text}`;
        return segment.path ? (
          <Anchor key={key} component={AdminLink} path={segment.path} query={segment.query ?? {}} inherit>
            {segment.text}
          </Anchor>
        ) : (
          <Anchor key={key} href={segment.href} inherit>
            {segment.text}
          </Anchor>
        );
      })}
    </>
  );
}

/** The payment timeline, newest first. */
export function PaymentTimeline({
  paymentIntentId,
  isInquiry,
  failureCode,
}: {
  paymentIntentId: string;
  isInquiry: boolean;
  failureCode: string | null;
}) {
  const timeline = useTimeline(paymentIntentId);
  const settings = getSettings();
  let content: ReactNode;
  if (timeline.isPending) {
    content = (
      <Stack gap="xs">
        <Skeleton h={16} />
        <Skeleton h={16} />
        <Skeleton h={16} />
      </Stack>
    );
  } else if (timeline.isError) {
    content = (
      <Alert color="red" data-testid="timeline-error">
        {__('Error while loading timeline')}
      </Alert>
    );
  } else {
    const items = buildTimeline(timeline.data, {
      storeCurrency: settings.storeCurrency,
      dateFormat: settings.dateFormat,
      timezone: settings.timezone,
      locale: settings.locale,
      isInquiry,
      failureCode,
      t: __,
    });
    content = (
      <Timeline bulletSize={14} lineWidth={2} active={items.length - 1} data-testid="timeline">
        {items.map((item) => (
          <Timeline.Item
            key={item.key}
            color={TONE_COLORS[item.tone]}
            data-testid="timeline-item"
            data-kind={item.kind}
            data-event={item.event_type}
            title={
              <Text size="sm" fw={item.kind === 'event' ? 600 : 400}>
                <Segments segments={item.headline} />
              </Text>
            }
          >
            {item.body.map((line) => (
              <Text key={line} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
            <Text size="xs" c="dimmed" mt={2}>
              {dateTime(item.datetime)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }
  return (
    <Card withBorder padding="lg" data-testid="payment-timeline">
      <Title order={2} size="h4" mb="md">
        {__('Timeline')}
      </Title>
      {content}
    </Card>
  );
}
