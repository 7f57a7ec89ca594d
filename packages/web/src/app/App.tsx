import { useRoutes } from 'react-router';
import { RouteErrorBoundary } from '../components/RouteError';
import { Providers } from './Providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/** The app inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function App() {
  return (
    <Providers>
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </Providers>
  );
}
