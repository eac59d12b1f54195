import { describe, expect, it } from 'vitest';
import { paymentMethodLogos, splitLogos, visibleLogoCount } from './logos.ts';

describe('payment method logos', () => {
  it('has 19 logos, 20 with the one-page checkout', () => {
    expect(paymentMethodLogos(false)).toHaveLength(19);
    expect(paymentMethodLogos(true)).toHaveLength(20);
    expect(paymentMethodLogos(false)).not.toContain('woopay');
    expect(new Set(paymentMethodLogos(true)).size).toBe(20);
  });

  it('shows 10, 7 at 768 px or less, 5 at 480 px or less', () => {
    expect(visibleLogoCount(1280)).toBe(10);
    expect(visibleLogoCount(769)).toBe(10);
    expect(visibleLogoCount(768)).toBe(7);
    expect(visibleLogoCount(481)).toBe(7);
    expect(visibleLogoCount(480)).toBe(5);
    expect(visibleLogoCount(320)).toBe(5);
  });

  it('puts the rest behind the +N popover', () => {
    const { shown, hidden } = splitLogos(paymentMethodLogos(true), 600);
    expect(shown).toHaveLength(7);
    expect(hidden).toHaveLength(13);
  });
});
