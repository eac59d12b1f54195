import { type CSSVariablesResolver, createTheme, darken, type MantineColorsTuple } from '@mantine/core';
import { __ } from '../lib/i18n.ts';

/** WCAG 2.2 AA: text at 4.5:1 (SC 1.4.3); control borders and focus rings at 3:1 (SC 1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

const WHITE = '#ffffff';
/** How much darker each step of the search for a readable shade goes. */
const DARKEN_STEP = 0.05;

/** The relative luminance of a `#rrggbb` colour (WCAG 2 definition). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b]
    .map((value) =>
      Math.round(value ?? 0)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * The first of the palette's shades from `from` on that reads at `ratio` against `background`,
 * else its darkest shade darkened until it does.
 */
export function readableShade(
  palette: MantineColorsTuple,
  background: string,
  from: number,
  ratio = TEXT_CONTRAST,
): string {
  for (let shade = from; shade < palette.length; shade += 1) {
    if (contrastRatio(palette[shade]!, background) >= ratio) return palette[shade]!;
  }
  for (let amount = DARKEN_STEP; amount < 1; amount += DARKEN_STEP) {
    const darker = toHex(darken(palette[9], amount));
    if (contrastRatio(darker, background) >= ratio) return darker;
  }
  return '#000000';
}

const PRIMARY_SHADE = 6;

/**
 * The light scheme's colours where Mantine's defaults read below WCAG 2.2 AA: muted text,
 * placeholders, links, errors, and every colour's filled, outline and light variants (status
 * chips, buttons, badges). Set here once so that every page inherits them.
 */
export const resolveAccessibleColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7],
    '--mantine-color-placeholder': readableShade(theme.colors.gray, WHITE, 5),
    '--mantine-color-error': readableShade(theme.colors.red, WHITE, 6),
    '--mantine-color-anchor': readableShade(theme.colors[theme.primaryColor]!, WHITE, PRIMARY_SHADE),
    // Control borders (inputs, radios, checkboxes) at 3:1 against white (theme.css uses it).
    '--paydesk-control-border': readableShade(theme.colors.gray, WHITE, 4, NON_TEXT_CONTRAST),
  };
  for (const [name, palette] of Object.entries(theme.colors)) {
    const filled = readableShade(palette, WHITE, PRIMARY_SHADE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = toHex(darken(filled, 0.1));
    // Read against the light variant's hover background (shade 2), the darker of its two.
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, palette[2], 9);
  }
  return { variables: {}, light, dark: {} };
};

/**
 * The theme, made once the page's translations are loaded: a modal's close button is named
 * "Close" in the page's language.
 */
export function buildTheme() {
  return createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: PRIMARY_SHADE, dark: 8 },
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Oxygen-Sans, Ubuntu, Cantarell, "Helvetica Neue", sans-serif',
    defaultRadius: 'sm',
    components: {
      // A plain object, not Modal.extend: importing Modal would put it into the first load.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': __('Close') } } },
      // A modal's header is a plain block: a <header> inside the dialog would be a second
      // banner landmark beside the page's own.
      ModalHeader: { defaultProps: { component: 'div' } },
    },
  });
}
