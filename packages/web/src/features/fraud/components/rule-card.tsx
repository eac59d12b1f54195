import { Card, Group, Radio, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { FraudCard } from '@paydesk/domain/fraud/cards';
import { FRAUD_FILTER_ACTIONS } from '@paydesk/domain/fraud/cards';
import { type ReactNode, useEffect, useRef } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { track } from '../../../lib/track.ts';

/** Lines of the placeholder a card shows while the settings load. */
const PLACEHOLDER_LINES = 20;
const PLACEHOLDER_KEYS = Array.from({ length: PLACEHOLDER_LINES }, (_, line) => `placeholder-line-${line}`);

/** Records the card's view event the first time at least half of it is on screen. */
function useFirstView(event: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        track(event);
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [event]);
  return ref;
}

interface Props {
  card: FraudCard;
  loading: boolean;
  /** The filter's switch; absent for a card the merchant cannot change. */
  toggle?: { enabled: boolean; disabled?: boolean; onChange: (enabled: boolean) => void };
  /** Block or hold for review, when the review feature lets the merchant choose. */
  action?: { block: boolean; onChange: (block: boolean) => void } | undefined;
  children?: ReactNode;
}

/** One filter of the fraud protection page: what it checks, whether it is on, what it does. */
export function RuleCard({ card, loading, toggle, action, children }: Props) {
  const ref = useFirstView(card.viewEvent);
  const titleId = `fraud-card-${card.id}-title`;
  return (
    <Card
      withBorder
      padding="lg"
      ref={ref}
      id={card.id}
      data-testid={`fraud-card-${card.id}`}
      aria-labelledby={titleId}
      component="section"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {__(card.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {__(card.description)}
          </Text>
        </div>
        {loading ? (
          <Stack gap={6} data-testid="fraud-card-placeholder" aria-hidden>
            {PLACEHOLDER_KEYS.map((key) => (
              <Skeleton key={key} height={8} radius="xl" />
            ))}
          </Stack>
        ) : (
          <>
            {toggle && (
              <Switch
                label={__('Enable filtering')}
                checked={toggle.enabled}
                disabled={toggle.disabled}
                onChange={(event) => toggle.onChange(event.currentTarget.checked)}
                aria-describedby={titleId}
              />
            )}
            {toggle?.enabled && action && (
              <Radio.Group
                label={__('Filter action')}
                value={action.block ? 'block' : 'review'}
                onChange={(value) => action.onChange(value === 'block')}
              >
                <Group mt={6}>
                  <Radio value="review" label={__(FRAUD_FILTER_ACTIONS.review)} />
                  <Radio value="block" label={__(FRAUD_FILTER_ACTIONS.block)} />
                </Group>
              </Radio.Group>
            )}
            {children}
          </>
        )}
      </Stack>
    </Card>
  );
}
