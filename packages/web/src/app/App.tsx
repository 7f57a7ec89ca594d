import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Providers } from './Providers';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: AppRouter }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
