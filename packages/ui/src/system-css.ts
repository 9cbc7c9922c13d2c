import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';

// The design system's global styles as a stylesheet (issue 36, decision 148): Chakra's provider
// writes them at run time (the layer order, the reset, the global rules and every token as a CSS
// variable), which made Chakra part of every first paint. Rendered here with Chakra's own provider
// on the server, they are written once to `system.css`, which the page links like any stylesheet:
// the shell and the sheet paint with the panel's tokens before Chakra is loaded, and the providers
// the islands mount later add no global style (`island-provider.tsx`).
//   pnpm --filter @panel/ui system-css        (after changing system.ts; system-css.test.ts checks)

export const SYSTEM_CSS_HEADER = '/* Generated from system.ts by `pnpm --filter @panel/ui system-css` (system-css.ts). Do not edit. */\n';

/** What Chakra's provider inserts into the document, one rule list per global style tag. */
export function renderSystemCss(): string {
  const html = renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: null }));
  const sheets = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  if (sheets.length === 0) throw new Error('Chakra rendered no global style');
  return SYSTEM_CSS_HEADER + sheets.join('\n') + '\n';
}
