import { describe, expect, it } from 'vitest';
import { type DetailActionsInput, detailActions } from './detail-actions.ts';

const CREATED = 1_767_225_600;
const base: DetailActionsInput = {
  intent_status: 'requires_capture',
  charge: { captured: false, status: 'succeeded', amount_refunded: 0, created: CREATED },
  fraud_meta_box_type: 'allow',
  has_order: true,
  is_auth_and_capture_enabled: true,
};

describe('detailActions', () => {
  it('offers capture and cancel with a notice ending 7 days after creation', () => {
    expect(detailActions(base)).toEqual({
      fraud_review: false,
      capture_cancel: true,
      capture_notice: true,
      capture_deadline: CREATED + 7 * 86_400,
    });
  });

  it('offers approve and block instead for a payment held for review', () => {
    const actions = detailActions({ ...base, fraud_meta_box_type: 'review' });
    expect(actions.fraud_review).toBe(true);
    expect(actions.capture_cancel).toBe(false);
  });

  it('offers nothing once captured, canceled or failed', () => {
    for (const input of [
      { ...base, intent_status: 'succeeded', charge: { ...base.charge, captured: true } },
      { ...base, intent_status: 'canceled' },
      { ...base, intent_status: 'requires_payment_method', charge: { ...base.charge, status: 'failed' } },
      { ...base, intent_status: 'canceled', fraud_meta_box_type: 'review_blocked' },
    ]) {
      expect(detailActions(input)).toEqual({
        fraud_review: false,
        capture_cancel: false,
        capture_notice: false,
        capture_deadline: null,
      });
    }
  });

  it('needs an order to act and auth and capture to be on', () => {
    expect(detailActions({ ...base, has_order: false })).toMatchObject({
      capture_cancel: false,
      capture_notice: true,
    });
    expect(detailActions({ ...base, is_auth_and_capture_enabled: false })).toMatchObject({
      capture_cancel: false,
      capture_notice: false,
    });
  });
});
