/**
 * The fraud protection discovery banner: shown once the
 * store has taken payments (lifetime volume above 0) until dismissed; dismissing stores
 * `{"dontShowAgain":true}` in the option `wcpay_frt_discover_banner_settings`.
 */

export const FRAUD_BANNER_OPTION = 'wcpay_frt_discover_banner_settings';

export interface FraudBannerSettings {
  dontShowAgain: boolean;
}

/**
 * Reads the stored option. It is JSON written by the page; anything unreadable counts as never
 * dismissed, so a damaged value shows the banner again rather than hiding it forever.
 */
export function parseFraudBannerSettings(value: unknown): FraudBannerSettings {
  if (typeof value !== 'string' || value === '') return { dontShowAgain: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { dontShowAgain: false };
  }
  const flag =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).dontShowAgain : false;
  return { dontShowAgain: flag === true };
}

export function serializeFraudBannerSettings(settings: FraudBannerSettings): string {
  return JSON.stringify({ dontShowAgain: settings.dontShowAgain });
}

export function showsFraudBanner(lifetimeTpv_minor: number, stored: unknown): boolean {
  return lifetimeTpv_minor > 0 && !parseFraudBannerSettings(stored).dontShowAgain;
}
