import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@panel/ui/fonts';
// The design system's global styles and tokens, as a stylesheet: the first paint needs no Chakra (decision 148).
import '@panel/ui/system.css';
import { App } from './app/app';
import { startFirstCalls } from './app/first-calls';

// Before the first render: the session check and the screen's first queries (issue 36).
startFirstCalls(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
