import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { areaOf } from './app/navigation';
import { sessionQueryOptions } from './lib/session';
import { queryClient } from './lib/trpc';

// The account check leaves before the first render rather than after it (issue 36): the access
// gate then reads the answer already on its way. Same key and retries as the gate's own query.
if (areaOf(window.location.pathname) !== 'public') void queryClient.prefetchQuery(sessionQueryOptions()).catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
