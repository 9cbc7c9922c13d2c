import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstCalls } from './app/first-calls';

// Before the first render: the session check and the screen's first queries (issue 36).
startFirstCalls(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
