import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { requestsSettled } from './in-app';

/** axe-core's WCAG 2.0–2.2 A and AA rules. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's `axe.run` on the page's document: the rules of these tags, or axe's default rules when none
 * are given. What `new AxeBuilder({ page }).withTags(tags).analyze()` runs, without its costs per call
 * (measured: 2.2-4.2 s a call on a loaded machine against 0.3-0.5 s here): AxeBuilder evaluates axe's
 * 650 kB source in the page twice a call, and then opens a new tab to merge the frames' results
 * (`finishRun`); our screens have no frames. The source goes in once per document.
 */
export async function axeViolations(page: Page, tags?: string[]): Promise<axe.Result[]> {
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (values) => (window as unknown as { axe: typeof axe }).axe.run(document, values ? { runOnly: { type: 'tag', values } } : {}),
    tags,
  );
  return results.violations;
}

/** Each finding as the rule, its impact, the element and axe's help text. */
export async function axeFindings(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, WCAG);
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${v.help}`));
}

/**
 * No axe finding on the screen as it settles: once its requests are answered (after a page load or a move inside
 * the app, e2e/support/in-app.ts; a slow machine may still be
 * drawing what they brought), and checked again until the findings are gone or 20 seconds have passed. A
 * finding that stays fails with the rule, the element and axe's help text.
 */
export async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  await requestsSettled(page);
  await expect.poll(() => axeFindings(page), { message: screen, timeout: 20_000, intervals: [500, 1_000, 2_000] }).toEqual([]);
}
