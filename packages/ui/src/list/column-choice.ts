import { useCallback, useMemo, useSyncExternalStore } from 'react';

// The chosen columns of a list live in localStorage under a key the caller gives, so each list
// remembers its own choice across reloads. Other tabs' changes arrive through 'storage' events;
// this tab's through the listeners below.

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(storageKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The stored choice, limited to columns that still exist; `defaults` when nothing usable is stored. */
export function parseColumnChoice(raw: string | null, allKeys: readonly string[], defaults: readonly string[]): string[] {
  if (raw === null) return [...defaults];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...defaults];
    const chosen = new Set(parsed.filter((key): key is string => typeof key === 'string'));
    const kept = allKeys.filter((key) => chosen.has(key));
    return kept.length > 0 ? kept : [...defaults];
  } catch {
    return [...defaults];
  }
}

/**
 * The visible columns of a list and a setter that stores them. Keys come back in the order of
 * `allKeys`, whatever order they were chosen in.
 */
export function useColumnChoice(
  storageKey: string,
  allKeys: readonly string[],
  defaults: readonly string[] = allKeys,
): [string[], (keys: readonly string[]) => void] {
  const raw = useSyncExternalStore(subscribe, () => read(storageKey), () => null);
  const visible = useMemo(() => parseColumnChoice(raw, allKeys, defaults), [raw, allKeys, defaults]);
  const setVisible = useCallback(
    (keys: readonly string[]) => {
      const ordered = allKeys.filter((key) => keys.includes(key));
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(ordered));
      } catch {
        // Storage full or disabled: the choice lasts until reload.
      }
      for (const listener of listeners) listener();
    },
    [storageKey, allKeys],
  );
  return [visible, setVisible];
}
