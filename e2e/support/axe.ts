import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core's WCAG 2.0–2.2 A and AA rules. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each finding as the rule, its impact, the element and axe's help text. */
export async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${v.help}`));
}

/**
 * No axe finding on the screen as it settles: once its requests are answered (a slow machine may still be
 * drawing what they brought), and checked again until the findings are gone or 20 seconds have passed. A
 * finding that stays fails with the rule, the element and axe's help text.
 */
export async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => axeFindings(page), { message: screen, timeout: 20_000, intervals: [500, 1_000, 2_000] }).toEqual([]);
}
