import { appError } from '@paydesk/domain';
import { zPromoId } from '@paydesk/domain/contracts/inbox';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { getOptions, setOptions } from './options.ts';

/**
 * The Connect page's operator switches (docs/configuration.md "Connect page"): whether new
 * account creation is paused, and the promotion offered to a store that has not connected yet.
 * Both are store options; the page's settings object reads them, the CLI sets and clears them.
 */

export const ONBOARDING_DISABLED_OPTION = 'wcpay_onboarding_disabled';
export const CONNECT_INCENTIVE_OPTION = 'wcpay_connect_incentive';
/** The promotion the merchant applied on the Connect page, and when. */
export const CONNECT_INCENTIVE_APPLIED_OPTION = 'wcpay_connect_incentive_applied';

export const MAX_INCENTIVE_DESCRIPTION_LENGTH = 200;

/** A promotion as the operator sets it: plain text, and a terms page on the web. */
export const ZConnectIncentive = z
  .object({
    id: zPromoId,
    description: z.string().trim().min(1).max(MAX_INCENTIVE_DESCRIPTION_LENGTH),
    tc_url: z
      .string()
      .max(2000)
      .regex(/^https?:\/\/[^\s"<>]+$/, 'An http or https address'),
  })
  .strict();
export type ConnectIncentive = z.infer<typeof ZConnectIncentive>;

export interface ConnectOptions {
  onBoardingDisabled: boolean;
  connectIncentive: ConnectIncentive | null;
}

/**
 * The switches as stored. A value that does not parse (written by other means) reads as off, so
 * a bad option never breaks the admin page.
 */
export async function getConnectOptions(db: Db): Promise<ConnectOptions> {
  const stored = await getOptions(db, [ONBOARDING_DISABLED_OPTION, CONNECT_INCENTIVE_OPTION]);
  const incentive = ZConnectIncentive.safeParse(stored[CONNECT_INCENTIVE_OPTION]);
  return {
    onBoardingDisabled: stored[ONBOARDING_DISABLED_OPTION] === true,
    connectIncentive: incentive.success ? incentive.data : null,
  };
}

export async function setOnboardingDisabled(db: Db, disabled: boolean): Promise<void> {
  await setOptions(db, { [ONBOARDING_DISABLED_OPTION]: disabled });
}

export async function setConnectIncentive(db: Db, incentive: ConnectIncentive): Promise<void> {
  await setOptions(db, { [CONNECT_INCENTIVE_OPTION]: ZConnectIncentive.parse(incentive) });
}

export async function clearConnectIncentive(db: Db): Promise<void> {
  await db.deleteFrom('options').where('name', '=', CONNECT_INCENTIVE_OPTION).execute();
}

/**
 * Applies the promotion the store offers: the id must be the offered one (otherwise the page
 * shows a stale offer, and the merchant is told it could not be applied). Recorded once per id;
 * applying it again answers success without changing the record.
 */
export async function applyConnectIncentive(
  db: Db,
  id: string,
  now: Date,
): Promise<{ id: string; applied_at: string }> {
  const { connectIncentive } = await getConnectOptions(db);
  if (!connectIncentive || connectIncentive.id !== id) throw appError('woocommerce_note_invalid_promo');
  const stored = (await getOptions(db, [CONNECT_INCENTIVE_APPLIED_OPTION]))[CONNECT_INCENTIVE_APPLIED_OPTION];
  const previous = stored as { id?: unknown; applied_at?: unknown } | null;
  if (previous && previous.id === id && typeof previous.applied_at === 'string') {
    return { id, applied_at: previous.applied_at };
  }
  const applied = { id, applied_at: now.toISOString() };
  await setOptions(db, { [CONNECT_INCENTIVE_APPLIED_OPTION]: applied });
  return applied;
}
