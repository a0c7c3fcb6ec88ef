// Accessibility check for a rendered page: fails on serious or critical axe-core violations and
// lists each rule with the elements it hit, so the failure says what to fix.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yOptions {
  /** CSS selectors to leave out, e.g. a third-party widget. */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

export async function expectNoSeriousA11yViolations(
  page: Page,
  options: A11yOptions = {},
): Promise<void> {
  // A scan taken mid-transition (a notification fading out) would judge colours that no one reads:
  // wait until every finite animation has ended (spinners loop forever and are left alone).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
    );
  expect(blocking, `serious/critical accessibility violations on ${page.url()}`).toEqual([]);
}
