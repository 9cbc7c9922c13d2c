import type { ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { system } from './system';
import { Toaster } from './toaster';

/** The right-to-left Persian design system with the toaster mounted once. */
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
