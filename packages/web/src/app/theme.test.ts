import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  buildTheme,
  contrastRatio,
  NON_TEXT_CONTRAST,
  readableShade,
  resolveAccessibleColors,
  TEXT_CONTRAST,
} from './theme.ts';

const WHITE = '#ffffff';
const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme());
const light = resolveAccessibleColors(theme).light as Record<string, string>;
const value = (name: string) => {
  const color = light[name];
  if (!color) throw new Error(`${name} is not set`);
  return color;
};

describe('contrastRatio', () => {
  it('measures as WCAG defines it', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // Mantine's default muted grey and indigo link, as the audit measured them.
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#4c6ef5', WHITE)).toBeCloseTo(4.32, 2);
  });

  it('readableShade darkens past the palette when no shade reads', () => {
    const pale = DEFAULT_THEME.colors.yellow;
    const shade = readableShade(pale, WHITE, 6);
    expect(pale.includes(shade)).toBe(false);
    expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('the theme colours of the light scheme', () => {
  it('reads muted text, placeholders, links and errors at 4.5:1 on white', () => {
    for (const name of [
      '--mantine-color-dimmed',
      '--mantine-color-placeholder',
      '--mantine-color-anchor',
      '--mantine-color-error',
    ]) {
      expect(contrastRatio(value(name), WHITE), name).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('draws control borders at 3:1 on white', () => {
    expect(contrastRatio(value('--paydesk-control-border'), WHITE)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it('gives every colour a filled shade that carries white text and a light variant that reads', () => {
    for (const [name, palette] of Object.entries(theme.colors)) {
      const filled = value(`--mantine-color-${name}-filled`);
      expect(contrastRatio(filled, WHITE), `${name} filled`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      const chip = value(`--mantine-color-${name}-light-color`);
      expect(contrastRatio(chip, palette[1]), `${name} light`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // A light button under the pointer (an open toggle) keeps its text readable.
      expect(contrastRatio(chip, palette[2]), `${name} light hover`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps a modal header out of the landmarks: a plain block, not a second banner', () => {
    expect(theme.components.ModalHeader?.defaultProps).toEqual({ component: 'div' });
  });

  it('names the close button of every modal', () => {
    expect(theme.components.Modal?.defaultProps?.closeButtonProps).toEqual({ 'aria-label': 'Close' });
  });
});
