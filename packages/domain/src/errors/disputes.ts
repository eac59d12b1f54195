import { defineErrors } from './table.ts';

/** Disputes and their evidence. */
export const DISPUTES_ERRORS = defineErrors({
  wcpay_dispute_not_found: {
    status: 404,
    message: 'The dispute could not be found.',
    when: 'No dispute of the current account has this id.',
    action: 'Check the id.',
  },
  wcpay_dispute_not_editable: {
    status: 409,
    message: 'Evidence is already submitted. Details below are read-only.',
    when: 'Evidence is saved, submitted or the dispute accepted after evidence was submitted.',
    action: 'Reload the dispute; its evidence is read-only now.',
  },
  wcpay_dispute_closed: {
    status: 409,
    message: 'This dispute is closed. Its evidence can no longer be changed.',
    when: 'Evidence is changed on a dispute that was won, lost, closed or refunded.',
    action: 'Reload the dispute; nothing more can be done.',
  },
  wcpay_dispute_past_due: {
    status: 409,
    message: 'The deadline to respond to this dispute has passed. Its evidence can no longer be changed.',
    when: 'Evidence is changed after the response deadline (data.due_by, epoch seconds).',
    action: 'Nothing more can be submitted.',
  },
  wcpay_dispute_no_order: {
    status: 409,
    message: 'This payment has no order, so no receipt can be created from it. Upload a receipt instead.',
    when: 'A receipt is asked for a dispute whose payment came without an order.',
    action: 'Upload a receipt file as evidence instead.',
  },
  wcpay_dispute_not_closable: {
    status: 409,
    message: 'Only a dispute that still needs a response can be accepted.',
    when: 'A dispute is accepted that is not awaiting a response.',
    action: 'Reload the dispute to see its state.',
  },
});
