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
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailChangePage = lazy(() =>
  import('../features/auth/confirm-email-change-page.tsx').then((m) => ({
    default: m.ConfirmEmailChangePage,
  })),
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
const importAppLayout = () => import('./app-layout.tsx').then((m) => ({ default: m.AppLayout }));
const importGate = () => import('./subscription-gate.tsx').then((m) => ({ default: m.SubscriptionGate }));
const APP_PAGES = {
  search: () => import('../features/search/search-page.tsx').then((m) => ({ default: m.SearchPage })),
  history: () => import('../features/history/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
  database: () => import('../features/database/database-page.tsx').then((m) => ({ default: m.DatabasePage })),
  keywords: () => import('../features/keywords/keywords-page.tsx').then((m) => ({ default: m.KeywordsPage })),
  ai: () => import('../features/ai/ai-page.tsx').then((m) => ({ default: m.AiPage })),
  settings: () => import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
};

const AppLayout = lazy(importAppLayout);
const SubscriptionGate = lazy(importGate);
const SearchPage = lazy(APP_PAGES.search);
const HistoryPage = lazy(APP_PAGES.history);
const DatabasePage = lazy(APP_PAGES.database);
const KeywordsPage = lazy(APP_PAGES.keywords);
const AiPage = lazy(APP_PAGES.ai);
const SettingsPage = lazy(APP_PAGES.settings);

/**
 * An /app address opened directly (a reload, an installed app's start): fetch the shell, the
 * gate and the page at once rather than one after the other as each renders.
 */
function preloadAppRoute(pathname: string): void {
  if (!pathname.startsWith('/app')) return;
  const page = (pathname.split('/')[2] || 'search') as keyof typeof APP_PAGES;
  void importAppLayout();
  void importGate();
  void APP_PAGES[page]?.();
}
preloadAppRoute(window.location.pathname);

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
          { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
          { path: '/reset-password', element: page(<ResetPasswordPage />) },
          { path: '/confirm-email-change', element: page(<ConfirmEmailChangePage />) },
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
