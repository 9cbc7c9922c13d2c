import { createBrowserRouter } from 'react-router';
import { HomeScreen } from './home.screen';

export const appRouter = createBrowserRouter([{ path: '/', element: <HomeScreen /> }]);
