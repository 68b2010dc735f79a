import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';

const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
