import type { ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import './fonts';
import { system } from './system';
import { Toaster } from './toaster-view';

/**
 * The right-to-left Persian design system with the toaster mounted once, all loaded at once: for
 * tests and tools. The app itself paints from system.css and loads Chakra in islands (island.tsx).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale="fa-IR">
        {children}
        <Toaster />
      </LocaleProvider>
    </ChakraProvider>
  );
}
