import { useState } from 'react';

/** How much of a cell the sheet shows (decision 041). */
export type Density = 'comfortable' | 'compact';

/** Per user: two dispatchers sharing a browser keep their own choice. */
export const densityStorageKey = (username: string): string => `panel:dispatch-density:${username}`;

export function readDensity(storage: Pick<Storage, 'getItem'>, username: string | undefined): Density {
  if (!username) return 'comfortable';
  return storage.getItem(densityStorageKey(username)) === 'compact' ? 'compact' : 'comfortable';
}

/** The signed-in user's density, remembered in this browser. */
export function useDensity(username: string | undefined): [Density, (density: Density) => void] {
  const [chosen, setChosen] = useState<{ username: string | undefined; density: Density } | null>(null);
  const density = chosen && chosen.username === username ? chosen.density : readDensity(window.localStorage, username);
  const choose = (next: Density) => {
    if (username) window.localStorage.setItem(densityStorageKey(username), next);
    setChosen({ username, density: next });
  };
  return [density, choose];
}
