import { describe, expect, it, vi } from 'vitest';
import type { Processor } from '../processor/processor.ts';
import { sandboxProcessor } from '../processor/sandbox.ts';
import { planCapture } from './plan-capture.ts';
import { charge, codeOf, env } from './plan-testing.ts';
import { planVoid } from './services.ts';

/** An authorization waiting for its capture. */
const held = () => charge({ captured: false, amount_captured: 0 });

describe('the processor behind capture and cancel', () => {
  it('captures through the processor and records the capture', () => {
    const capture = vi.fn(sandboxProcessor.capture);
    const effects = planCapture(
      held(),
      6_000,
      env({ processor: { ...sandboxProcessor, capture }, rates: new Map([['usd', '1']]) }),
    );
    expect(capture).toHaveBeenCalledWith(expect.objectContaining({ id: 'ch_1' }), 6_000);
    expect(effects.ledger).toHaveLength(1);
    expect(effects.ledger[0]).toMatchObject({ customer_amount: 6_000 });
  });

  it('refuses the whole capture when the processor refuses it, planning nothing', () => {
    const refusing: Processor = {
      ...sandboxProcessor,
      capture: () => ({ status: 'failed', reason: 'The authorization has expired at the issuer.' }),
    };
    const c = held();
    expect(codeOf(() => planCapture(c, 6_000, env({ processor: refusing })))).toBe('wcpay_capture_error');
    expect(c.captured).toBe(false);
    expect(c.amount_captured).toBe(0);
  });

  it('lets the authorization go through the processor', () => {
    const cancel = vi.fn(sandboxProcessor.cancel);
    const effects = planVoid(held(), env({ processor: { ...sandboxProcessor, cancel } }), {
      fraudReview: false,
      actor: undefined,
      reason: 'requested_by_customer',
    });
    expect(cancel).toHaveBeenCalledWith(expect.objectContaining({ id: 'ch_1' }));
    expect(effects.intentUpdates).toEqual([expect.objectContaining({ id: 'pi_1' })]);
  });
});
