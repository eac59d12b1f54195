import { defineErrors } from './table.ts';

/** Inbox notes. */
export const INBOX_ERRORS = defineErrors({
  woocommerce_note_invalid_id: {
    status: 404,
    message: 'Sorry, there is no resource with that ID.',
    when: 'No note of the current account has this id.',
    action: 'Reload the inbox.',
  },
  woocommerce_note_action_invalid_id: {
    status: 404,
    message: 'Sorry, there is no action with that ID.',
    when: 'The note has no action with this id.',
    action: 'Reload the inbox.',
  },
  woocommerce_note_invalid_promo: {
    status: 404,
    message: 'Sorry, there is no promotion with that ID.',
    when: 'The store offers no connect promotion with this id: none is offered, or another one is.',
    action: 'Reload the Connect page; connecting goes on without the promotion.',
  },
  wcpay_connect_promo_not_applicable: {
    status: 409,
    message: 'The promotion applies only to a store that has not connected an account yet.',
    when: 'The store already has a payments account.',
    action: 'Nothing to do: the promotion is offered before the account is connected.',
  },
  wcpay_survey_already_answered: {
    status: 409,
    message: 'This survey was already answered or dismissed.',
    when: 'The signed-in user answers or dismisses a survey a second time.',
    action: 'Hide the survey.',
  },
});
