import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Serious or critical axe findings on the page as it is now, one line each. */
export async function seriousViolations(page: Page, { exclude }: { exclude?: string } = {}) {
  // A dialog fading in is measured against its half-transparent self: wait for finite animations to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (exclude) builder.exclude(exclude);
  return (await builder.analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${page.url()} ${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}
