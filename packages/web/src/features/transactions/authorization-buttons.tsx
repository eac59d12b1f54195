import { Button, Group, Loader } from '@mantine/core';
import {
  AUTHORIZATION_BUTTONS,
  AUTHORIZATION_CONFIRMATION_DISMISS,
  AUTHORIZATION_CONFIRMATIONS,
  AUTHORIZATION_INTENT_ACTIONS,
  type AuthorizationAction,
  type AuthorizationIntent,
  fillTemplate,
} from '@paydesk/domain/payments/messages';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { focusIsLost } from '../../components/focus.ts';
import { __ } from '../../lib/i18n.ts';

/** The question loads when a button asks it: Mantine's modal is not part of the lists' first load. */
const ConfirmModal = lazy(async () => ({
  default: (await import('../../components/confirm-modal.tsx')).ConfirmModal,
}));

interface Props {
  /** A payment a fraud rule held for review: Block and Approve instead of Cancel and Capture. */
  review: boolean;
  orderNumber: string;
  /** The amount as the page shows it, for the buttons' names and the questions. */
  amount: string;
  /** Which request is running, if any. */
  pending: AuthorizationAction | null;
  onRun: (intent: AuthorizationIntent) => void;
  compact?: boolean;
  /**
   * Where the focus goes when these buttons leave the page after their action (the detail
   * page's heading); in a list the table itself moves it to the next row.
   */
  focusAfterAction?: () => HTMLElement | null;
}

/**
 * The buttons of an authorization, on the detail page and in the uncaptured list alike: Cancel
 * and Capture, or Block and Approve for a payment held for review. Cancel, Block and Approve ask
 * first, naming the order and amount; each button's accessible name names them too.
 */
export function AuthorizationButtons({
  review,
  orderNumber,
  amount,
  pending,
  onRun,
  compact,
  focusAfterAction,
}: Props) {
  const [asking, setAsking] = useState<Exclude<AuthorizationIntent, 'capture'> | null>(null);
  const focusAfter = useRef(focusAfterAction);
  focusAfter.current = focusAfterAction;
  const ran = useRef(false);
  // Buttons that go away with the authorization's state leave the focus nowhere: it moves on.
  useEffect(
    () => () => {
      if (!ran.current) return;
      window.setTimeout(() => {
        if (focusIsLost()) focusAfter.current?.()?.focus();
      }, 0);
    },
    [],
  );
  const run = (intent: AuthorizationIntent) => {
    ran.current = true;
    onRun(intent);
  };
  const intents: readonly AuthorizationIntent[] = review ? ['block', 'approve'] : ['cancel', 'capture'];
  const question = asking ? AUTHORIZATION_CONFIRMATIONS[asking] : null;
  return (
    <Group gap={compact ? 6 : 'sm'} wrap="nowrap" justify={compact ? undefined : 'flex-end'}>
      {intents.map((intent) => {
        const action = AUTHORIZATION_INTENT_ACTIONS[intent];
        const primary = action === 'capture';
        return (
          <Button
            key={intent}
            size={compact ? 'compact-sm' : 'sm'}
            variant={primary ? (compact ? 'light' : 'filled') : compact ? 'subtle' : 'default'}
            color={primary ? undefined : 'red'}
            // Busy, not disabled: a disabled button would drop the focus of the person who
            // pressed it, which must stay here until the row or the buttons go away.
            data-disabled={pending !== null || undefined}
            aria-disabled={pending !== null || undefined}
            aria-busy={pending === action || undefined}
            rightSection={pending === action ? <Loader size={14} color="currentColor" /> : undefined}
            aria-label={fillTemplate(__(AUTHORIZATION_BUTTONS[intent].name), orderNumber, amount)}
            onClick={() => {
              if (pending !== null) return;
              if (intent === 'capture') run(intent);
              else setAsking(intent);
            }}
          >
            {__(AUTHORIZATION_BUTTONS[intent].label)}
          </Button>
        );
      })}
      {question && asking && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened
            title={__(question.title)}
            body={fillTemplate(__(question.body), orderNumber, amount)}
            confirmLabel={__(question.confirm)}
            dismissLabel={__(AUTHORIZATION_CONFIRMATION_DISMISS)}
            color={asking === 'approve' ? undefined : 'red'}
            onConfirm={() => run(asking)}
            onClose={() => setAsking(null)}
            testId="authorization-confirmation"
          />
        </Suspense>
      )}
    </Group>
  );
}
