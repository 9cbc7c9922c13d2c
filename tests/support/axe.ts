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
 * dialog under test is on screen.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A dialog or drawer fading in has its colours half way: scan once every animation that
  // ends has ended (a spinner's, which never ends, is left running).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  // Injected once a document: a second scan of the same page reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (context: Document | { include: Element[] }, options: object) => Promise<{ violations: AxeViolation[] }> }; __axeScanned?: Set<string> };
    // With a dialog or drawer open over a screen this document has already scanned whole at this
    // address, the scan takes the open dialogs alone: the screen behind is what was scanned, and
    // a whole-page scan is three times the work (decision 126). Otherwise the whole document.
    const scanned = (w.__axeScanned ??= new Set());
    const address = location.pathname + location.search;
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter((element) => element.getClientRects().length > 0);
    const context = dialogs.length > 0 && scanned.has(address) ? { include: dialogs } : document;
    const result = await w.axe.run(context, { resultTypes: ['violations'] });
    if (context === document) scanned.add(address);
    return result.violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `accessibility of ${screen}`).toEqual([]);
}
