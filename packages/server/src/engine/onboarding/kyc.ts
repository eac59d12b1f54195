import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { appError, invalidParams } from '@paydesk/domain';
import type { onboarding } from '@paydesk/domain/contracts';
import { type SelfAssessment, selfAssessmentErrors } from '@paydesk/domain/onboarding/business';
import { findMcc } from '@paydesk/domain/onboarding/mcc';
import {
  ACCOUNT_SESSION_TTL_MS,
  type BusinessDetails,
  detailsErrors,
  sandboxVerify,
  VERIFICATION_ERROR_MESSAGES,
} from '@paydesk/domain/onboarding/verification';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AccountRequirements } from '../../db/schema.ts';
import { getConnectOptions } from '../../store/connect-options.ts';
import { getStoreSettings } from '../../store/options.ts';
import { type Account, createAccount, findAccount } from '../accounts.ts';
import { clockNow } from '../clock.ts';
import { randomIds } from '../ids.ts';

/** Sessions kept per account; opening another drops the oldest. */
export const MAX_SESSIONS = 5;
/** Serialises the first session across server processes, so one account is created. */
const KYC_ACCOUNT_LOCK = 7_140_002;

interface StoredSession {
  secret_sha256: string;
  expires_at: string;
}

/** The onboarding record kept on the account (accounts.onboarding_data). */
export interface OnboardingRecord {
  self_assessment?: SelfAssessment;
  progressive?: boolean;
  capabilities?: string[];
  collect_payout_requirements?: boolean;
  sessions?: StoredSession[];
  details?: BusinessDetails;
  finalized?: { source: string; from: string; at: string };
}

const record = (account: Account): OnboardingRecord => (account.onboarding_data ?? {}) as OnboardingRecord;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The page's locale as the embedded components name it (`en_US` → `en-US`). */
const componentLocale = (locale: string) => locale.replace('_', '-');

async function issueSession(
  db: Db,
  account: Account,
  changes: OnboardingRecord,
): Promise<onboarding.TAccountSession> {
  const now = await clockNow(db);
  const secret = `${account.id}_secret_${randomBytes(24).toString('base64url')}`;
  const current = record(account);
  const live = (current.sessions ?? []).filter((session) => Date.parse(session.expires_at) > now.getTime());
  const sessions = [
    ...live,
    {
      secret_sha256: sha256(secret),
      expires_at: new Date(now.getTime() + ACCOUNT_SESSION_TTL_MS).toISOString(),
    },
  ].slice(-MAX_SESSIONS);
  await db
    .updateTable('accounts')
    .set({ onboarding_data: JSON.stringify({ ...current, ...changes, sessions }), updated_at: now })
    .where('id', '=', account.id)
    .execute();
  const settings = await getStoreSettings(db);
  return {
    clientSecret: secret,
    publishableKey: `pk_${account.mode === 'live' ? 'live' : 'test'}_${account.id}`,
    locale: componentLocale(settings.locale),
  };
}

/** GET {base}/accounts/session: a session for the embedded components of an existing account. */
export async function openAccountSession(db: Db): Promise<onboarding.TAccountSession> {
  const account = await findAccount(db);
  if (!account) throw appError('wcpay_account_session_failed');
  return issueSession(db, account, {});
}

export interface KycSessionInput {
  selfAssessment: SelfAssessment | undefined;
  progressive: boolean;
  capabilities: string[];
  collectPayoutRequirements: boolean;
}

/** Reads the self_assessment query parameter: a JSON object of the business step. */
export function parseSelfAssessment(value: string | undefined): SelfAssessment | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidParams({ self_assessment: 'Not a JSON object.' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidParams({ self_assessment: 'Not a JSON object.' });
  }
  const input = parsed as Record<string, unknown>;
  const allowed = [
    'country',
    'business_type',
    'structure',
    'mcc',
    'annual_revenue',
    'go_live_timeframe',
    'business_name',
    'url',
  ];
  const reasons: Record<string, string> = {};
  for (const [key, item] of Object.entries(input)) {
    if (!allowed.includes(key)) reasons[`self_assessment.${key}`] = 'Unknown parameter.';
    else if (typeof item !== 'string' || item.length > 2000)
      reasons[`self_assessment.${key}`] = 'Not a string.';
  }
  if (Object.keys(reasons).length > 0) throw invalidParams(reasons);
  const assessment = {
    country: String(input.country ?? ''),
    business_type: String(input.business_type ?? ''),
    mcc: String(input.mcc ?? ''),
    annual_revenue: String(input.annual_revenue ?? ''),
    go_live_timeframe: String(input.go_live_timeframe ?? ''),
    ...(input.structure ? { structure: String(input.structure) } : {}),
    ...(input.business_name ? { business_name: String(input.business_name).trim() } : {}),
    ...(input.url ? { url: String(input.url).trim() } : {}),
  } satisfies SelfAssessment;
  const errors = selfAssessmentErrors(assessment);
  if (Object.keys(errors).length > 0) {
    throw invalidParams(
      Object.fromEntries(Object.entries(errors).map(([key, reason]) => [`self_assessment.${key}`, reason])),
    );
  }
  return assessment;
}

/**
 * GET {base}/onboarding/kyc/session. The first session registers the business with the
 * sandbox processor: it creates the account (live, pending, details not yet submitted) from
 * the self-assessment. Later sessions continue the verification of that account.
 */
export async function openKycSession(db: Db, input: KycSessionInput): Promise<onboarding.TAccountSession> {
  const { selfAssessment } = input;
  const now = await clockNow(db);
  const settings = await getStoreSettings(db);
  const paused = (await getConnectOptions(db)).onBoardingDisabled;
  const account = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${KYC_ACCOUNT_LOCK})`.execute(trx);
    const existing = await findAccount(trx);
    if (existing) {
      if (!selfAssessment || existing.details_submitted) return existing;
      // Going back to the business step before verifying changes what was assessed.
      return trx
        .updateTable('accounts')
        .set({
          country: selfAssessment.country,
          business_type: selfAssessment.business_type,
          business_structure: selfAssessment.structure ?? null,
          mcc: findMcc(selfAssessment.mcc)?.code ?? null,
          ...(selfAssessment.url ? { business_url: selfAssessment.url } : {}),
          ...(selfAssessment.business_name ? { business_name: selfAssessment.business_name } : {}),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (!selfAssessment) {
      throw appError('wcpay_onboarding_not_started');
    }
    if (paused) throw appError('wcpay_onboarding_paused');
    const created = await createAccount(trx, randomIds, {
      mode: 'live',
      status: 'pending',
      country: selfAssessment.country,
      currency: settings.woocommerce_currency,
      businessName: selfAssessment.business_name || settings.blogname,
      detailsSubmitted: false,
      paymentsEnabled: false,
      createdAt: now,
    });
    return trx
      .updateTable('accounts')
      .set({
        business_type: selfAssessment.business_type,
        business_structure: selfAssessment.structure ?? null,
        mcc: findMcc(selfAssessment.mcc)?.code ?? null,
        business_url: selfAssessment.url ?? settings.home,
        progressive_onboarding: JSON.stringify({ isEnabled: input.progressive, isComplete: false }),
      })
      .where('id', '=', created.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return issueSession(db, account, {
    ...(selfAssessment ? { self_assessment: selfAssessment, progressive: input.progressive } : {}),
    capabilities: input.capabilities,
    collect_payout_requirements: input.collectPayoutRequirements,
  });
}

/** The account whose live session the client secret belongs to; anything else is refused. */
async function accountForSecret(db: Db, secret: string): Promise<Account> {
  const account = await findAccount(db);
  const now = await clockNow(db);
  const given = Buffer.from(sha256(secret));
  const valid =
    account !== undefined &&
    (record(account).sessions ?? []).some(
      (session) =>
        Date.parse(session.expires_at) > now.getTime() &&
        timingSafeEqual(Buffer.from(session.secret_sha256), given),
    );
  if (!valid) throw appError('wcpay_account_session_invalid');
  return account;
}

interface VerificationResult {
  status: string;
  details_submitted: boolean;
  requirements: { errors: AccountRequirements['errors'] };
}

const resultOf = (account: Account): VerificationResult => ({
  status: account.status,
  details_submitted: account.details_submitted,
  requirements: { errors: account.requirements.errors },
});

/** GET {base}/onboarding/kyc/details: what the verification form starts with. */
export async function readKycDetails(db: Db, secret: string) {
  const account = await accountForSecret(db, secret);
  const { details, self_assessment: assessment } = record(account);
  return {
    ...resultOf(account),
    details: details ?? {
      legal_name: assessment?.business_name ?? account.business_name,
      url: assessment?.url ?? account.business_url,
      address: { line1: '', city: '', state: '', postal_code: '', country: account.country },
    },
  };
}

/**
 * POST {base}/onboarding/kyc/details: the sandbox processor verifies the submitted details.
 * Missing or malformed fields are refused (400) and change nothing. Otherwise the details are
 * kept and verified: each issue becomes a requirement error with its code, and the account is
 * restricted until a submission passes; a passing one completes the account.
 */
export async function submitKycDetails(
  db: Db,
  secret: string,
  details: BusinessDetails,
): Promise<VerificationResult> {
  const account = await accountForSecret(db, secret);
  const now = await clockNow(db);
  const errors = detailsErrors(details, now);
  if (Object.keys(errors).length > 0) {
    throw invalidParams(
      Object.fromEntries(
        Object.entries(errors).map(([field, reason]) => [`details.${field}`, reason as string]),
      ),
    );
  }
  const issues = sandboxVerify(details, { country: account.country, today: now });
  const current = record(account);
  const requirements: AccountRequirements = {
    errors: issues.map(({ code, requirement }) => ({
      code,
      requirement,
      reason: VERIFICATION_ERROR_MESSAGES[code] ?? code,
    })),
    currently_due: issues.map((issue) => issue.requirement),
    past_due: [],
    current_deadline: null,
  };
  const onboardingData = JSON.stringify({ ...current, details });
  const progressive = current.progressive === true && !current.collect_payout_requirements;
  const updated =
    issues.length > 0
      ? await db
          .updateTable('accounts')
          .set({
            status: 'restricted',
            payments_enabled: account.details_submitted && account.payments_enabled,
            requirements: JSON.stringify(requirements),
            onboarding_data: onboardingData,
            updated_at: now,
          })
          .where('id', '=', account.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await db
          .updateTable('accounts')
          .set({
            // A progressive account sells now and collects payout details later.
            status: progressive ? 'enabled' : 'complete',
            details_submitted: true,
            payments_enabled: true,
            payouts_enabled: true,
            business_name: details.legal_name.trim(),
            business_url: details.url.trim(),
            support_email: details.email.trim(),
            requirements: JSON.stringify(requirements),
            progressive_onboarding: JSON.stringify({
              isEnabled: current.progressive === true,
              isComplete: !progressive && current.progressive === true,
            }),
            onboarding_data: onboardingData,
            updated_at: now,
          })
          .where('id', '=', account.id)
          .returningAll()
          .executeTakeFirstOrThrow();
  return resultOf(updated);
}

/**
 * POST {base}/onboarding/kyc/finalize: ends the verification. Success when the details are
 * verified; then the sessions end and the page goes on with the params as its query.
 */
export async function finalizeKyc(
  db: Db,
  input: { source: string; from: string },
): Promise<{ success: boolean; details_submitted: boolean; params: Record<string, string> }> {
  const account = await findAccount(db);
  if (!account) throw appError('wcpay_account_not_found');
  const now = await clockNow(db);
  const success = account.details_submitted;
  const current = record(account);
  await db
    .updateTable('accounts')
    .set({
      onboarding_data: JSON.stringify({
        ...current,
        ...(success ? { sessions: [] } : {}),
        finalized: { source: input.source, from: input.from, at: now.toISOString() },
      }),
      updated_at: now,
    })
    .where('id', '=', account.id)
    .execute();
  return {
    success,
    details_submitted: account.details_submitted,
    params: success ? { 'wcpay-connection-success': '1', source: input.source } : {},
  };
}
