import { z } from 'zod';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/**
 * The account as the pages read it (spec 1 §3 "Account status", §4 account states). Before the
 * store has an account, status is null and both connection flags say how far it got.
 */
export const ZAccountStatus = z.object({
  status: z.string().nullable(),
  isJetpackConnected: z.boolean(),
  isAccountConnected: z.boolean(),
  isAccountValid: z.boolean(),
  testMode: z.boolean(),
  testDrive: z.boolean(),
  progressiveOnboarding: z.object({
    isEnabled: z.boolean(),
    isComplete: z.boolean(),
    tpv: z.number().int(),
    firstTransactionDate: z.string().nullable(),
  }),
  created: z.string().nullable(),
  deposits: z.object({ status: z.string().nullable() }),
  paymentsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  requirements: z.object({ errors: z.array(z.object({ code: z.string(), reason: z.string() })) }),
  currentDeadline: z.number().int().nullable(),
  pastDue: z.boolean(),
  accountLink: z.string(),
  hasSubmittedVatData: z.boolean(),
  country: z.string().nullable(),
});
export type TAccountStatus = z.infer<typeof ZAccountStatus>;

export const accountsGet = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/accounts`,
  summary: "The store's payments account and its state; polled during the sandbox set-up.",
  tags: ['onboarding'],
  response: ZAccountStatus,
});

/**
 * The answer of the connect URL (`wcpaySettings.connectUrl`) when the page fetches it, for
 * the sandbox test drive: where to go once the account is ready. Not a REST route: the connect
 * URL is an admin page that answers this to a fetch and redirects a browser visit.
 */
export const ZConnectAnswer = z.object({
  success: z.boolean(),
  data: z.object({ redirect_to: z.string().optional(), message: z.string().optional() }),
});
export type TConnectAnswer = z.infer<typeof ZConnectAnswer>;
