import { z } from 'zod';
import { defineEndpoint, PAYMENTS_BASE, zIntFromQuery } from './endpoint.ts';

export const READER_DEVICE_TYPES = ['bbpos_wisepos_e', 'stripe_m2', 'cots_device'] as const;

/** A reader of the card reader stats, with the label the merchant gave it. */
export const ZReader = z.object({
  id: z.string(),
  device_type: z.string(),
  is_active: z.boolean(),
  label: z.string(),
});
export type TReader = z.infer<typeof ZReader>;

export const list = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/readers`,
  summary:
    'The connected card readers, newest first (the page asks for 10), as a bare array: the admin client reads the answer as the list itself.',
  tags: ['card-readers'],
  query: z.object({ limit: zIntFromQuery(1, 100).default(10) }).strict(),
  response: z.array(ZReader),
  errors: ['wcpay_account_not_found'],
});

/** One row of the card reader stats. */
export const ZReaderStatsRow = z.object({
  reader_id: z.string(),
  status: z.string(),
  count: z.number().int(),
  fee: z.object({ amount: z.number().int(), currency: z.string() }),
});
export type TReaderStatsRow = z.infer<typeof ZReaderStatsRow>;

export const charges = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/readers/charges/:id`,
  summary:
    'What a card reader fee charged for, per reader, as a bare array (the admin client reads the answer as the rows themselves). `id` is the card_reader_fee transaction id (txn_…) or its charge id. 404 (wcpay_readers_not_found) when it is neither.',
  tags: ['card-readers'],
  params: z.object({ id: z.string().regex(/^\w{1,64}$/, 'A transaction or charge id') }),
  response: z.array(ZReaderStatsRow),
  errors: ['wcpay_account_not_found', 'wcpay_readers_not_found'],
});
