import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { createRoutes } from './route-table';

/** The browser's router; its protected screens preload into `queryClient`, the app's one cache. */
export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
