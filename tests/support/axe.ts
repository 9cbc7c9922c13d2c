import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (MODULE-STANDARD "Tests and looking") and fails on any serious or
 * critical violation, naming the rule and the elements. Call it once the screen, drawer or
 * dialog under test is on screen. A scan that finds one is made again once what moves has
 * settled: a colour caught half way through a transition that began as the scan did (a button
 * enabled as its list arrives) is not what a user sees, and a real violation is found twice.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const first = await scan(page);
  const serious = first.length === 0 ? first : await scan(page);
  expect(serious, `accessibility of ${screen}`).toEqual([]);
  await page.evaluate(() => {
    const w = window as unknown as { __axeScanned?: Set<string> };
    (w.__axeScanned ??= new Set()).add(location.pathname + location.search);
  });
}

/** One axe scan once nothing that ends is moving: the serious and critical violations, named. */
async function scan(page: Page): Promise<string[]> {
  // A dialog or drawer fading in has its colours half way: scan once every animation that
  // ends has ended (a spinner's, which never ends, is left running).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  // Injected once a document: a second scan of the same page reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Check = { id: string; metadata?: { impact?: string } };
    type Axe = {
      run: (context: Document | { include: Element[] }, options: object) => Promise<{ violations: AxeViolation[] }>;
      _audit: { rules: { id: string; enabled: boolean; tags: string[]; impact?: string; any: Check[]; all: Check[]; none: Check[] }[]; checks: Record<string, Check> };
    };
    const w = window as unknown as { axe: Axe; __axeScanned?: Set<string> };
    // Of the rules a default scan runs (enabled, not experimental), only those that can find a
    // serious or critical violation: a rule's violation is as grave as its gravest failing check,
    // so a rule whose checks are all minor or moderate ('region', 'heading-order', 'landmark-…')
    // can only report what this bar ignores.
    const seriousRules = (axe: Axe) =>
      axe._audit.rules
        .filter((rule) => rule.enabled && !rule.tags.includes('experimental'))
        .filter((rule) => [rule.impact, ...[...rule.any, ...rule.all, ...rule.none].map((check) => axe._audit.checks[check.id]?.metadata?.impact)].some((impact) => impact === 'serious' || impact === 'critical'))
        .map((rule) => rule.id);
    // With a dialog or drawer open over a screen this document has already scanned whole at this
    // address, the scan takes the open dialogs alone: the screen behind is what was scanned, and
    // a whole-page scan is three times the work (decision 126). Otherwise the whole document.
    const scanned = w.__axeScanned ?? new Set();
    const address = location.pathname + location.search;
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter((element) => element.getClientRects().length > 0);
    const context = dialogs.length > 0 && scanned.has(address) ? { include: dialogs } : document;
    const result = await w.axe.run(context, { resultTypes: ['violations'], runOnly: { type: 'rule', values: seriousRules(w.axe) } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
}
