import { useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/toast.tsx';
import { startSessionKeeper } from '../data/session.ts';
import { AiPage } from '../features/ai/ai-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { SubscribePage } from '../features/billing/subscribe-page.tsx';
import { DatabasePage } from '../features/database/database-page.tsx';
import { HistoryPage } from '../features/history/history-page.tsx';
import { KeywordsPage } from '../features/keywords/keywords-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { PrivacyPage } from '../features/legal/privacy-page.tsx';
import { TermsPage } from '../features/legal/terms-page.tsx';
import { SearchPage } from '../features/search/search-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { ContactPage } from '../features/support/contact-page.tsx';
import { SupportPage } from '../features/support/support-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { SubscriptionGate } from './subscription-gate.tsx';

const gated = (page: ReactNode) => <SubscriptionGate>{page}</SubscriptionGate>;

const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/support', element: <SupportPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/subscribe', element: <SubscribePage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/app',
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/app/search" replace /> },
          { path: 'search', element: gated(<SearchPage />) },
          { path: 'history', element: gated(<HistoryPage />) },
          { path: 'database', element: gated(<DatabasePage />) },
          { path: 'keywords', element: gated(<KeywordsPage />) },
          { path: 'ai', element: gated(<AiPage />) },
          // SPEC §2: Settings is reachable without a subscription.
          { path: 'settings', element: <SettingsPage /> },
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
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
