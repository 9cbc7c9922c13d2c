import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from '@panel/ui/toaster';
import { queryClient } from '../lib/trpc';
import { appRouter } from './routes';

/**
 * The app: no design-system provider at the root (decision 148). The shell and the dispatch sheet
 * paint plain; every other screen, and every island, renders inside Chakra's provider once loaded.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter} />
      <Toaster />
    </QueryClientProvider>
  );
}
