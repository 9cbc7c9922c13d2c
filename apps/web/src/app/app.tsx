import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { UiProvider } from '@panel/ui/provider';
import { queryClient } from '../lib/trpc';
import { appRouter } from './routes';

export function App() {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={appRouter} />
      </QueryClientProvider>
    </UiProvider>
  );
}
