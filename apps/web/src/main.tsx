import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { startAppLanguage } from './lib/app-language';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);
// The app's screens are never prerendered (the public pages are: public-main.tsx).
const root = createRoot(container);
// The app's language (its catalog a small chunk, fetched beside the screen's code) first.
void startAppLanguage().then(() => root.render(app));

// The app is torn down with the page: unmounting closes the realtime connection (S10).
window.addEventListener('pagehide', (e) => {
  if (!e.persisted) root.unmount();
});
