import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/toast.tsx';
import { startSessionKeeper } from '../data/session.ts';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

// Only the landing page ships in the entry chunk; every other page is loaded on demand, so a
// visitor of / downloads none of the signed-in app (AG Grid, Dexie, the sync engine, forms).
const LoginPage = lazy(() =>
  import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const SubscribePage = lazy(() =>
  import('../features/billing/subscribe-page.tsx').then((m) => ({ default: m.SubscribePage })),
);
const PrivacyPage = lazy(() =>
  import('../features/legal/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('../features/legal/terms-page.tsx').then((m) => ({ default: m.TermsPage })),
);
const ContactPage = lazy(() =>
  import('../features/support/contact-page.tsx').then((m) => ({ default: m.ContactPage })),
);
const SupportPage = lazy(() =>
  import('../features/support/support-page.tsx').then((m) => ({ default: m.SupportPage })),
);
const AppLayout = lazy(() => import('./app-layout.tsx').then((m) => ({ default: m.AppLayout })));
const SubscriptionGate = lazy(() =>
  import('./subscription-gate.tsx').then((m) => ({ default: m.SubscriptionGate })),
);
const SearchPage = lazy(() =>
  import('../features/search/search-page.tsx').then((m) => ({ default: m.SearchPage })),
);
const HistoryPage = lazy(() =>
  import('../features/history/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
);
const DatabasePage = lazy(() =>
  import('../features/database/database-page.tsx').then((m) => ({ default: m.DatabasePage })),
);
const KeywordsPage = lazy(() =>
  import('../features/keywords/keywords-page.tsx').then((m) => ({ default: m.KeywordsPage })),
);
const AiPage = lazy(() => import('../features/ai/ai-page.tsx').then((m) => ({ default: m.AiPage })));
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);

function PageLoading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

const gated = (element: ReactNode) => page(<SubscriptionGate>{element}</SubscriptionGate>);

const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/contact', element: page(<ContactPage />) },
          { path: '/support', element: page(<SupportPage />) },
          { path: '/login', element: page(<LoginPage />) },
          { path: '/register', element: page(<RegisterPage />) },
          { path: '/subscribe', element: page(<SubscribePage />) },
          { path: '/terms', element: page(<TermsPage />) },
          { path: '/privacy', element: page(<PrivacyPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/app',
        element: page(<AppLayout />),
        children: [
          { index: true, element: <Navigate to="/app/search" replace /> },
          { path: 'search', element: gated(<SearchPage />) },
          { path: 'history', element: gated(<HistoryPage />) },
          { path: 'database', element: gated(<DatabasePage />) },
          { path: 'keywords', element: gated(<KeywordsPage />) },
          { path: 'ai', element: gated(<AiPage />) },
          // SPEC §2: Settings is reachable without a subscription.
          { path: 'settings', element: page(<SettingsPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

export function App() {
  useEffect(() => startSessionKeeper(), []);
  return (
    <ToastProvider>
      <UpdatePrompt />
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
