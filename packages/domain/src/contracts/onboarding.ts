import { z } from 'zod';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/**
 * The account as the pages read it, in one of the account states. Before the
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
  /** The account's payouts state; minimums are minor units per lowercase currency. */
  deposits: z.object({
    status: z.string().nullable(),
    interval: z.enum(['daily', 'weekly', 'monthly', 'manual']).nullable(),
    restrictions: z.enum(['deposits_unrestricted', 'deposits_blocked']).nullable(),
    minimum_scheduled_deposit_amounts: z.record(z.string(), z.number().int()),
    completed_waiting_period: z.boolean(),
  }),
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

/** An account session: what the embedded verification form and components start from. */
export const ZAccountSession = z.object({
  clientSecret: z.string(),
  publishableKey: z.string(),
  locale: z.string(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const accountsSession = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/accounts/session`,
  summary: "A new session of the store's account for the embedded components.",
  tags: ['onboarding'],
  response: ZAccountSession,
  errors: ['wcpay_account_session_failed'],
});

const code = (max = 100) => z.string().trim().min(1).max(max);

export const ZPoEligibleBody = z
  .object({
    business: z.object({ country: code(2), type: code(), mcc: code() }).strict(),
    store: z.object({ annual_revenue: code(), go_live_timeframe: code() }).strict(),
  })
  .strict();

export const poEligible = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/onboarding/router/po_eligible`,
  summary: 'Whether the business may start selling before full verification (progressive onboarding).',
  tags: ['onboarding'],
  body: ZPoEligibleBody,
  response: z.object({ result: z.enum(['eligible', 'not_eligible']) }),
});

const zFlag = z.enum(['true', 'false', '1', '0']);

export const kycSession = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/onboarding/kyc/session`,
  summary:
    'Opens a verification session. The first one creates the account from the self-assessment (a JSON object of the business step).',
  tags: ['onboarding'],
  query: z
    .object({
      self_assessment: z.string().max(4000).optional(),
      capabilities: z.string().max(2000).optional(),
      progressive: zFlag.optional(),
      collect_payout_requirements: zFlag.optional(),
    })
    .strict(),
  response: ZAccountSession,
  errors: ['wcpay_onboarding_not_started', 'wcpay_onboarding_paused'],
});

export const kycFinalize = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/onboarding/kyc/finalize`,
  summary: 'Ends the verification session; success when the business details are verified.',
  tags: ['onboarding'],
  body: z.object({ source: z.string().max(200), from: z.string().max(200) }).strict(),
  response: z.object({
    success: z.boolean(),
    details_submitted: z.boolean(),
    params: z.record(z.string(), z.string()),
  }),
  errors: ['wcpay_account_not_found'],
});

const text = z.string().max(200);

/** What the embedded verification form submits (domain onboarding/verification BusinessDetails). */
export const ZBusinessDetails = z
  .object({
    legal_name: text,
    url: z.string().max(2000),
    first_name: text,
    last_name: text,
    dob: text,
    email: text,
    phone: text,
    address: z.object({ line1: text, city: text, state: text, postal_code: text, country: text }).strict(),
    id_number: text,
    tos_accepted: z.boolean(),
  })
  .strict();
export type TBusinessDetails = z.infer<typeof ZBusinessDetails>;

export const ZVerificationResult = z.object({
  status: z.string(),
  details_submitted: z.boolean(),
  requirements: z.object({
    errors: z.array(z.object({ code: z.string(), reason: z.string(), requirement: z.string() })),
  }),
});

export const kycDetailsGet = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/onboarding/kyc/details`,
  summary:
    'What the embedded verification form starts with for a session: the details known so far and the open requirements.',
  tags: ['onboarding'],
  query: z.object({ client_secret: z.string().min(1).max(200) }).strict(),
  response: ZVerificationResult.extend({
    details: ZBusinessDetails.partial().extend({
      address: ZBusinessDetails.shape.address.partial().optional(),
    }),
  }),
  errors: ['wcpay_account_session_invalid'],
});

export const kycDetailsSubmit = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/onboarding/kyc/details`,
  summary:
    'Submits the business details of the embedded verification form; the sandbox processor verifies them and answers the requirements it raises.',
  tags: ['onboarding'],
  body: z.object({ client_secret: z.string().min(1).max(200), details: ZBusinessDetails }).strict(),
  response: ZVerificationResult,
  errors: ['wcpay_account_session_invalid'],
});
