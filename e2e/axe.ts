import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The axe-core rule tags of the conformance target, WCAG 2.2 level AA: every A and AA rule of
 * WCAG 2.0, 2.1 and 2.2 (docs/accessibility.md).
 */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** How long running transitions (a modal fading in, a menu opening) may take to settle. */
const SETTLE_TIMEOUT_MS = 5_000;

export interface AxeScope {
  /** Only these parts of the page (CSS selectors), e.g. an open dialog. The whole page unless set. */
  include?: string[];
  /** Parts of the page left out (CSS selectors), each with a reason at the call. */
  exclude?: string[];
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  summaries: string[];
}

/**
 * Runs the WCAG 2.2 A and AA rules of axe-core on the page as it is now, after its transitions
 * have settled (a half-faded dialog would read as low contrast), and answers what they found.
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  // Two frames first: a transition starts in the frame after the element that runs it mounts.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { timeout: SETTLE_TIMEOUT_MS },
  );
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS);
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summaries: violation.nodes.map((node) => node.failureSummary ?? ''),
  }));
}

/** The violations as a readable list: rule, impact, what it asks, and each element with why. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.targets.map(
        (target, index) =>
          `    ${target}\n      ${(violation.summaries[index] ?? '').replaceAll('\n', '\n      ')}`,
      );
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Fails, listing every violation, unless the page as it is now passes the WCAG 2.2 A and AA
 * rules. `state` names what is on screen ("transactions: advanced filters open") in the message.
 * Every page and every modal or state it opens is checked with this in the browser tests.
 */
export async function expectAccessible(page: Page, state: string, scope: AxeScope = {}): Promise<void> {
  const violations = await axeViolations(page, scope);
  if (violations.length > 0) {
    throw new Error(
      `${state}: ${violations.length} WCAG 2.2 AA violation(s) at ${page.url()}\n${formatViolations(violations)}`,
    );
  }
}
