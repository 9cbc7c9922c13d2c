import type { ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { system } from './system';

// What an island mounts (island.tsx): Chakra's context and the Persian locale, without the global
// styles, which the page has from system.css from its first paint (decision 148).
const islandSystem = { ...system, _global: [] };

export function IslandProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={islandSystem}>
      <LocaleProvider locale="fa-IR">{children}</LocaleProvider>
    </ChakraProvider>
  );
}
