import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first render on a loaded machine (lazy chunks, Chakra's styles, the answered query)
// may take longer than testing-library's one second; `findBy…` and `waitFor` wait up to five.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one document (isolate: false in vitest.config.ts, issue 26): each
// test unmounts what it rendered, so no later test or file finds it.
afterEach(() => cleanup());

// What jsdom lacks and the selects' popups use to place and scroll their lists.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// (A test in Node's environment, system-css.test.ts, has no document.)
if (typeof Element !== 'undefined') Element.prototype.scrollTo ??= () => {};
