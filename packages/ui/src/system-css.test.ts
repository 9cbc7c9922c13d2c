// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSystemCss } from './system-css';

// The page links system.css instead of letting Chakra write its global styles (decision 148): a
// change to system.ts that is not written out would leave the first paint on the old tokens.
describe('system.css', () => {
  it('is what Chakra writes for the panel system now (pnpm --filter @panel/ui system-css)', () => {
    const written = readFileSync(new URL('./system.css', import.meta.url), 'utf8');
    const now = renderSystemCss();
    expect(written === now, 'system.css is stale: run `pnpm --filter @panel/ui system-css`').toBe(true);
  });

  it('holds the layers, the reset, the global rules and the tokens', () => {
    const css = renderSystemCss();
    const expected = [
      '@layer reset,base,tokens,recipes;',
      '--panel-colors-color-palette-solid:var(--panel-colors-green-solid)',
      '--panel-colors-green-solid:var(--panel-colors-green-700)',
      "--panel-fonts-body:'Vazirmatn',Tahoma,sans-serif",
    ];
    expect(expected.filter((rule) => !css.includes(rule))).toEqual([]);
  });
});
