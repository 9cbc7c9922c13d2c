import { expect, test as base } from '@playwright/test';

/**
 * Every spec runs with these checks of the whole browser context (issue 11): no page of the
 * panel may break its own content security policy. Chromium reports each refused script,
 * style, frame or connection as a console error naming the policy.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
      });
      await use();
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
