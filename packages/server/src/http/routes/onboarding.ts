import { adminPageUrl } from '@paydesk/domain/admin-urls';
import { onboarding } from '@paydesk/domain/contracts';
import { poEligibility } from '@paydesk/domain/onboarding/business';
import { sanitizeSource } from '@paydesk/domain/onboarding/connect-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { readAccountStatus } from '../../engine/onboarding/account-status.ts';
import {
  type ConnectOutcome,
  followConnectLink,
  onboardingRedirect,
} from '../../engine/onboarding/connect.ts';
import {
  finalizeKyc,
  openAccountSession,
  openKycSession,
  parseSelfAssessment,
  readKycDetails,
  submitKycDetails,
} from '../../engine/onboarding/kyc.ts';
import { nonceMatches, type Session } from '../../store/sessions.ts';
import { registerEndpoint } from '../endpoint.ts';
import { simplePage } from '../html.ts';

export function onboardingRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, onboarding.accountsGet, async () => readAccountStatus(db));
  registerEndpoint(app, onboarding.accountsSession, async () => openAccountSession(db));
  registerEndpoint(app, onboarding.poEligible, async ({ body }) => ({ result: poEligibility(body) }));
  registerEndpoint(app, onboarding.kycSession, async ({ query }) =>
    openKycSession(db, {
      selfAssessment: parseSelfAssessment(query.self_assessment),
      progressive: isTrue(query.progressive),
      capabilities: (query.capabilities ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => /^\w{1,64}$/.test(name))
        .slice(0, 50),
      collectPayoutRequirements: isTrue(query.collect_payout_requirements),
    }),
  );
  registerEndpoint(app, onboarding.kycDetailsGet, async ({ query }) =>
    readKycDetails(db, query.client_secret),
  );
  registerEndpoint(app, onboarding.kycDetailsSubmit, async ({ body }) =>
    submitKycDetails(db, body.client_secret, body.details),
  );
  registerEndpoint(app, onboarding.kycFinalize, async ({ body }) =>
    finalizeKyc(db, { source: sanitizeSource(body.source), from: sanitizeSource(body.from) }),
  );
}

export const TEST_DRIVE_ERROR_MESSAGE =
  'An error occurred while setting up your sandbox account. Please try again!';

export { adminPageUrl };

type AdminQuery = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
const isTrue = (value: string | string[] | undefined) => ['true', '1'].includes(first(value) ?? '');

/** A fetch from the page asks for JSON; a visit in the browser asks for a page. */
const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/**
 * What the admin page does before the app loads, for onboarding: the connect URL of the
 * settings object (`wcpay-connect=1` with the nonce), which starts the sandbox test drive or
 * resets the account, and the Overview, which sends a store without an account to Connect.
 * Answers true when it has answered the request itself.
 */
export function onboardingPageHook(database: DatabaseHandle) {
  return async (request: FastifyRequest, reply: FastifyReply, session: Session): Promise<boolean> => {
    const query = (request.query ?? {}) as AdminQuery;
    if (first(query.page) !== 'wc-admin') return false;
    if (query['wcpay-connect'] !== undefined) {
      await handleConnect(database, request, reply, session, query);
      return true;
    }
    const redirect = await onboardingRedirect(database.db, first(query.path) ?? '');
    if (redirect === undefined) return false;
    await reply.redirect(adminPageUrl(redirect));
    return true;
  };
}

async function handleConnect(
  database: DatabaseHandle,
  request: FastifyRequest,
  reply: FastifyReply,
  session: Session,
  query: AdminQuery,
): Promise<void> {
  const json = wantsJson(request);
  if (!nonceMatches(session.nonce, first(query._wpnonce))) {
    const message = 'The link you followed has expired.';
    if (json) {
      await reply.code(403).send({ success: false, data: { message } } satisfies onboarding.TConnectAnswer);
    } else {
      await reply
        .code(403)
        .type('text/html')
        .send(simplePage('Expired link', `<div class="card"><p>${message}</p></div>`));
    }
    return;
  }
  const outcome = await followConnectLink(database, {
    reset: isTrue(query['wcpay-reset-account']),
    leaveSandbox: isTrue(query['wcpay-disable-onboarding-test-mode']),
    testDrive: isTrue(query.test_drive) || isTrue(query.auto_start_test_drive_onboarding),
    sampleData: isTrue(query.sample_data),
    source: sanitizeSource(first(query.source)),
  });
  if ('failure' in outcome && outcome.failure)
    request.log.error({ err: outcome.failure.error }, outcome.failure.message);
  const answer = connectAnswer(outcome);
  if (json && answer.json) await reply.code(answer.json.code).send(answer.json.body);
  else await reply.redirect(answer.redirect);
}

/**
 * The answer to a connect link: a redirect for a visit in the browser; the page's fetch gets
 * JSON where the step has an answer of its own, and follows the redirect otherwise.
 */
function connectAnswer(outcome: ConnectOutcome): {
  redirect: string;
  json?: { code: number; body: onboarding.TConnectAnswer };
} {
  switch (outcome.step) {
    case 'reset':
      return { redirect: adminPageUrl('/payments/connect') };
    case 'reset_refused':
      return { redirect: adminPageUrl('/payments/overview', { 'wcpay-reset-account-error': '1' }) };
    case 'live':
      return { redirect: adminPageUrl('/payments/overview') };
    case 'verify_business':
      return {
        redirect: adminPageUrl('/payments/onboarding', { source: outcome.source, from: 'WCPAY_CONNECT' }),
      };
    case 'paused':
      return {
        redirect: adminPageUrl('/payments/connect'),
        json: { code: 403, body: { success: false, data: { message: outcome.message } } },
      };
    case 'test_drive_failed':
      return {
        redirect: adminPageUrl('/payments/connect', { test_drive_error: 'true' }),
        json: { code: 500, body: { success: false, data: { message: TEST_DRIVE_ERROR_MESSAGE } } },
      };
    case 'test_drive':
      return {
        redirect: adminPageUrl('/payments/overview', { test_drive: 'true', 'wcpay-sandbox-success': 'true' }),
        json: {
          code: 200,
          body: { success: true, data: { redirect_to: adminPageUrl('/payments/overview') } },
        },
      };
  }
}
