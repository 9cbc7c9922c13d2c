import { expect, type Page } from '@playwright/test';

/**
 * The digit walker (issue 13): everything a person reads on the panel is in Persian digits. It
 * walks the visible text of the page, and the values and placeholders of visible fields, and
 * fails on a Latin digit anywhere outside an element marked `data-ltr` (deliberately Latin: a
 * phone number typed as dialled, a code a user copies into another system). Call it on every
 * screen, drawer and dialog a spec renders, once what it checks has loaded.
 */
export async function expectPersianDigits(page: Page, screen: string): Promise<void> {
  const found = await page.evaluate(() => {
    const latin = /[0-9]/;
    const deliberate = (el: Element) => el.closest('[data-ltr]') !== null;
    const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!latin.test(text) || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (!deliberate(parent) && shown(parent)) hits.push(text.trim());
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))) {
      if (['password', 'hidden', 'checkbox', 'radio'].includes(field.type) || deliberate(field) || !shown(field)) continue;
      for (const text of [field.value, field.placeholder]) if (latin.test(text)) hits.push(`${field.name || field.id}: ${text}`);
    }
    return hits;
  });
  expect(found, `Latin digits on ${screen}`).toEqual([]);
}

const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/** A number as the panel shows it, in Persian digits (no separators). */
export const toPersianDigits = (n: number): string => String(n).replace(/[0-9]/g, (d) => PERSIAN[Number(d)]!);

/** The number a text shows in Persian digits (separators and other characters dropped). */
export const fromPersianDigits = (text: string): number => Number(text.replace(/[^۰-۹]/g, '').replace(/[۰-۹]/g, (d) => String(PERSIAN.indexOf(d))));
