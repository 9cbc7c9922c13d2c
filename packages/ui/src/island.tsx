import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type * as IslandKit from './island-provider';

// Islands of the design system (issue 36, decision 148). The dispatch sheet and the shell around it
// paint from plain elements and static stylesheets (system.css, light/light.css); what needs
// Chakra's machinery (selects, dialogs, drawers, popovers, tooltips, toasts) is an island: a
// component in its own chunk that renders a look-alike (or nothing) until Chakra and its own code
// have loaded. Islands load once the screen's first content has painted (`releaseIslands`), or,
// if nothing released them, after ISLAND_RELEASE_FALLBACK_MS; an `eager` one at its first render
// (mounted when a person reaches for it: the drawer, a dialog). A screen that is not plain gets Chakra with its own chunk
// (`loadUi` beside the route's import) and renders inside `IslandProvider` as before.

type Kit = typeof IslandKit;

/** The latest the islands wait for a screen to say its first content painted. */
export const ISLAND_RELEASE_FALLBACK_MS = 3_000;

let kit: Promise<Kit> | null = null;

/** Chakra, the panel's system and the islands' provider, loaded once. */
export function loadUi(): Promise<Kit> {
  kit ??= import('./island-provider').catch((error: unknown) => {
    kit = null; // a later island asks again
    throw error;
  });
  return kit;
}

let released = false;
const waitingForRelease = new Set<() => void>();

/** The screen's first content has painted: the islands may load now. Idempotent. */
export function releaseIslands(): void {
  if (released) return;
  released = true;
  for (const start of waitingForRelease) start();
  waitingForRelease.clear();
}

if (typeof window !== 'undefined') setTimeout(releaseIslands, ISLAND_RELEASE_FALLBACK_MS);

function onRelease(start: () => void): () => void {
  if (released) {
    start();
    return () => {};
  }
  waitingForRelease.add(start);
  return () => waitingForRelease.delete(start);
}

/**
 * Runs `then` once the browser has painted what was just committed and has a moment to spare: a
 * frame, then an idle period (at most AFTER_PAINT_IDLE_MS later), so what it starts does not
 * compete with that paint.
 */
export function afterPaint(then: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: AFTER_PAINT_IDLE_MS });
      else then();
    }, 0),
  );
}

const AFTER_PAINT_IDLE_MS = 500;

export interface IslandOptions<P> {
  /** Drawn until the island has loaded: a look-alike that takes the same room, or nothing. */
  fallback?: ComponentType<P>;
  /** Loads as soon as it is first rendered, not after the release (a screen's main content). */
  eager?: boolean;
}

/**
 * A component whose code needs Chakra, loaded apart from the first paint: `load` imports its
 * module (a dynamic import, so its chunk and Chakra stay out of the page's first load).
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, options: IslandOptions<P> = {}): ComponentType<P> {
  const { fallback: Fallback, eager = false } = options;
  let Loaded: ComponentType<P> | null = null;
  let loading = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const start = () => {
    if (loading) return;
    loading = true;
    void Promise.all([load(), loadUi()]).then(
      ([Component, { IslandProvider }]) => {
        Loaded = (props: P) => (
          <IslandProvider>
            <Component {...props} />
          </IslandProvider>
        );
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading = false; // the island's next mount asks again
        console.error('An island of the page failed to load', error);
      },
    );
  };

  function IslandComponent(props: P): ReactNode {
    const Component = useSyncExternalStore(subscribe, () => Loaded);
    useEffect(() => {
      if (Loaded) return;
      if (eager) {
        start();
        return;
      }
      return onRelease(start);
    }, []);
    if (Component) return <Component {...props} />;
    return Fallback ? <Fallback {...props} /> : null;
  }
  return IslandComponent;
}
