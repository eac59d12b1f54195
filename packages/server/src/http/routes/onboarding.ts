import { errorSpec } from '@paydesk/domain';
import { adminPageUrl } from '@paydesk/domain/admin-urls';
import { onboarding } from '@paydesk/domain/contracts';
import { poEligibility } from '@paydesk/domain/onboarding/business';
import { sanitizeSource } from '@paydesk/domain/onboarding/connect-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { findAccount, STORE_CONNECTED_OPTION } from '../../engine/accounts.ts';
import { readAccountStatus } from '../../engine/onboarding/account-status.ts';
import {
  finalizeKyc,
  openAccountSession,
  openKycSession,
  parseSelfAssessment,
  readKycDetails,
  submitKycDetails,
} from '../../engine/onboarding/kyc.ts';
import { canResetAccount, resetAccount } from '../../engine/onboarding/reset.ts';
import { startTestDrive } from '../../engine/onboarding/test-drive.ts';
import { getConnectOptions } from '../../store/connect-options.ts';
import { setOptions } from '../../store/options.ts';
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
  const { db } = database;
  return async (request: FastifyRequest, reply: FastifyReply, session: Session): Promise<boolean> => {
    const query = (request.query ?? {}) as AdminQuery;
    if (first(query.page) !== 'wc-admin') return false;
    if (query['wcpay-connect'] !== undefined) {
      await handleConnect(database, request, reply, session, query);
      return true;
    }
    const path = first(query.path) ?? '';
    if (path === '/payments/overview' && !(await findAccount(db))) {
      await reply.redirect(adminPageUrl('/payments/connect'));
      return true;
    }
    return false;
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

  if (isTrue(query['wcpay-reset-account'])) {
    await handleReset(database.db, request, reply);
    return;
  }

  if (isTrue(query['wcpay-disable-onboarding-test-mode'])) {
    await handleLiveActivation(database.db, request, reply, sanitizeSource(first(query.source)));
    return;
  }

  // While the operator has paused account creation, neither a sandbox nor a new account can be
  // started, whatever the link says; the Connect page explains why.
  if (!(await findAccount(database.db)) && (await getConnectOptions(database.db)).onBoardingDisabled) {
    const { message } = errorSpec('wcpay_onboarding_paused');
    if (json) {
      await reply.code(403).send({ success: false, data: { message } } satisfies onboarding.TConnectAnswer);
    } else {
      await reply.redirect(adminPageUrl('/payments/connect'));
    }
    return;
  }

  if (isTrue(query.test_drive) || isTrue(query.auto_start_test_drive_onboarding)) {
    try {
      await startTestDrive(database, { sampleData: isTrue(query.sample_data) });
    } catch (error) {
      request.log.error({ err: error }, 'the sandbox test drive could not be set up');
      if (json) {
        await reply.code(500).send({
          success: false,
          data: { message: TEST_DRIVE_ERROR_MESSAGE },
        } satisfies onboarding.TConnectAnswer);
      } else {
        await reply.redirect(adminPageUrl('/payments/connect', { test_drive_error: 'true' }));
      }
      return;
    }
    const overview = adminPageUrl('/payments/overview');
    if (json) {
      await reply.send({
        success: true,
        data: { redirect_to: overview },
      } satisfies onboarding.TConnectAnswer);
    } else {
      await reply.redirect(
        adminPageUrl('/payments/overview', { test_drive: 'true', 'wcpay-sandbox-success': 'true' }),
      );
    }
    return;
  }

  // Connecting registers the store with the payments service (the first account state:
  // connected, no account); business verification then goes through the onboarding wizard.
  await setOptions(database.db, { [STORE_CONNECTED_OPTION]: true });
  const source = sanitizeSource(first(query.source));
  await reply.redirect(adminPageUrl('/payments/onboarding', { source, from: 'WCPAY_CONNECT' }));
}

async function handleReset(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const account = await findAccount(db);
  if (account && !canResetAccount(account)) {
    await reply.redirect(adminPageUrl('/payments/overview', { 'wcpay-reset-account-error': '1' }));
    return;
  }
  try {
    await resetAccount(db);
  } catch (error) {
    request.log.error({ err: error }, 'the account could not be reset');
    await reply.redirect(adminPageUrl('/payments/overview', { 'wcpay-reset-account-error': '1' }));
    return;
  }
  await reply.redirect(adminPageUrl('/payments/connect'));
}

/**
 * The live-activation modal's confirmation (`wcpay-disable-onboarding-test-mode`): the sandbox
 * account and its test data go, and the merchant verifies the business for a live account.
 * A live account is left as it is.
 */
async function handleLiveActivation(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  source: string,
): Promise<void> {
  const account = await findAccount(db);
  if (account && account.mode === 'live') {
    await reply.redirect(adminPageUrl('/payments/overview'));
    return;
  }
  try {
    await resetAccount(db);
  } catch (error) {
    request.log.error({ err: error }, 'the sandbox account could not be removed for live activation');
    await reply.redirect(adminPageUrl('/payments/overview', { 'wcpay-reset-account-error': '1' }));
    return;
  }
  await setOptions(db, { [STORE_CONNECTED_OPTION]: true });
  await reply.redirect(adminPageUrl('/payments/onboarding', { source, from: 'WCPAY_CONNECT' }));
}
