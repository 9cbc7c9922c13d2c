import { releaseIslands } from '@panel/ui/island';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first render on a loaded machine (lazy chunks, Chakra's styles, the answered query)
// may take longer than testing-library's one second; `findBy…` and `waitFor` wait up to five.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one document (isolate: false in vitest.config.ts, issue 26): each
// test unmounts what it rendered, so no later test or file finds it.
afterEach(() => cleanup());

// The islands of the plain screens (decision 148) load at once in tests, as after a first paint;
// a test finds what they draw with `findBy…`.
releaseIslands();
