import { describe, expect, it } from 'vitest';
import { parseFraudBannerSettings, serializeFraudBannerSettings, showsFraudBanner } from './fraud-banner.ts';

describe('showsFraudBanner', () => {
  it('shows once the store has payment volume and the banner is not dismissed', () => {
    expect(showsFraudBanner(1, null)).toBe(true);
    expect(showsFraudBanner(25_00, '{"dontShowAgain":false}')).toBe(true);
  });
  it('stays hidden without volume', () => {
    expect(showsFraudBanner(0, null)).toBe(false);
    expect(showsFraudBanner(-100, null)).toBe(false);
  });
  it('stays hidden once dismissed for good', () => {
    expect(showsFraudBanner(25_00, serializeFraudBannerSettings({ dontShowAgain: true }))).toBe(false);
  });
});

describe('parseFraudBannerSettings', () => {
  it('reads the stored JSON', () => {
    expect(parseFraudBannerSettings('{"dontShowAgain":true}')).toEqual({ dontShowAgain: true });
    expect(serializeFraudBannerSettings({ dontShowAgain: true })).toBe('{"dontShowAgain":true}');
  });
  it('treats missing or damaged values as not dismissed', () => {
    for (const value of [null, undefined, '', 'not json', '[]', '{"dontShowAgain":"yes"}', 42, '"x"']) {
      expect(parseFraudBannerSettings(value)).toEqual({ dontShowAgain: false });
    }
  });
});
