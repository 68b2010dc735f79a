import { Suspense, useEffect, type ReactNode } from 'react';
import { preloadable, type Preloadable } from './preloadable.tsx';
import { Navigate, RouterProvider, type RouteObject, type RouterProviderProps } from 'react-router-dom';
import { ToastProvider } from '../components/toast.tsx';
import { useIsClient } from '../components/use-is-client.ts';
import { startSessionKeeper } from '../data/session.ts';
import { loadDatabaseGrid } from '../features/database/grid-module.ts';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

// Only the landing page ships in the entry chunk; every other page is loaded on demand, so a
// visitor of / downloads none of the signed-in app (AG Grid, Dexie, the sync engine, forms).
const LoginPage = preloadable(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const RegisterPage = preloadable(() =>
  import('../features/auth/register-page.tsx').then((m) => m.RegisterPage),
);
const SubscribePage = preloadable(() =>
  import('../features/billing/subscribe-page.tsx').then((m) => m.SubscribePage),
);
const PrivacyPage = preloadable(() =>
  import('../features/legal/privacy-page.tsx').then((m) => m.PrivacyPage),
);
const ForgotPasswordPage = preloadable(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = preloadable(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
);
const ConfirmEmailChangePage = preloadable(() =>
  import('../features/auth/confirm-email-change-page.tsx').then((m) => m.ConfirmEmailChangePage),
);
const TermsPage = preloadable(() => import('../features/legal/terms-page.tsx').then((m) => m.TermsPage));
const ContactPage = preloadable(() =>
  import('../features/support/contact-page.tsx').then((m) => m.ContactPage),
);
const SupportPage = preloadable(() =>
  import('../features/support/support-page.tsx').then((m) => m.SupportPage),
);
const AppLayout = preloadable(() => import('./app-layout.tsx').then((m) => m.AppLayout));
const Gate = preloadable(() => import('./subscription-gate.tsx').then((m) => m.SubscriptionGate));
const APP_PAGES = {
  search: preloadable(() => import('../features/search/search-page.tsx').then((m) => m.SearchPage)),
  history: preloadable(() => import('../features/history/history-page.tsx').then((m) => m.HistoryPage)),
  // The grid's code (AG Grid) comes with the page's own, so that the page's first render shows it.
  database: preloadable(() => {
    void loadDatabaseGrid().catch(() => undefined); // the page reports a failure when it mounts
    return import('../features/database/database-page.tsx').then((m) => m.DatabasePage);
  }),
  keywords: preloadable(() => import('../features/keywords/keywords-page.tsx').then((m) => m.KeywordsPage)),
  ai: preloadable(() => import('../features/ai/ai-page.tsx').then((m) => m.AiPage)),
  settings: preloadable(() => import('../features/settings/settings-page.tsx').then((m) => m.SettingsPage)),
};
const PUBLIC_PAGES: Record<string, Preloadable<object>> = {
  '/contact': ContactPage,
  '/support': SupportPage,
  '/login': LoginPage,
  '/register': RegisterPage,
  '/subscribe': SubscribePage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/confirm-email-change': ConfirmEmailChangePage,
};

/**
 * Loads the modules the page at `pathname` renders, so that its first render does not suspend
 * (preloadable.tsx): for an /app address the shell, the gate and the page, all at once. Never
 * rejects: a module that fails to load is the route's error to show.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (pathname.startsWith('/app')) {
    const name = (pathname.split('/')[2] || 'search') as keyof typeof APP_PAGES;
    loads.push(AppLayout.load(), Gate.load());
    // The local database opens while the modules load, not once the shell renders: the pages'
    // first reads (the Database page's newest rows) need it.
    // (The shell loads the module too, and shows the route's error when it cannot.)
    void import('../data/local-data.ts').then((local) => local.startLocalData()).catch(() => undefined);
    if (APP_PAGES[name]) loads.push(APP_PAGES[name].load());
  } else {
    const publicPage = PUBLIC_PAGES[pathname.replace(/\/+$/, '')];
    if (publicPage) loads.push(publicPage.load());
  }
  await Promise.allSettled(loads);
}

function PageLoading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

const gated = (element: ReactNode) => page(<Gate.Component>{element}</Gate.Component>);

/**
 * Every route of the app. The browser runs them in a browser router (main.tsx); the build renders
 * the public ones in a memory router to prerender their HTML (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/contact', element: page(<ContactPage.Component />) },
          { path: '/support', element: page(<SupportPage.Component />) },
          { path: '/login', element: page(<LoginPage.Component />) },
          { path: '/register', element: page(<RegisterPage.Component />) },
          { path: '/forgot-password', element: page(<ForgotPasswordPage.Component />) },
          { path: '/reset-password', element: page(<ResetPasswordPage.Component />) },
          { path: '/confirm-email-change', element: page(<ConfirmEmailChangePage.Component />) },
          { path: '/subscribe', element: page(<SubscribePage.Component />) },
          { path: '/terms', element: page(<TermsPage.Component />) },
          { path: '/privacy', element: page(<PrivacyPage.Component />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/app',
        element: page(<AppLayout.Component />),
        children: [
          { index: true, element: <Navigate to="/app/search" replace /> },
          { path: 'search', element: gated(<APP_PAGES.search.Component />) },
          { path: 'history', element: gated(<APP_PAGES.history.Component />) },
          { path: 'database', element: gated(<APP_PAGES.database.Component />) },
          { path: 'keywords', element: gated(<APP_PAGES.keywords.Component />) },
          { path: 'ai', element: gated(<APP_PAGES.ai.Component />) },
          // SPEC §2: Settings is reachable without a subscription.
          { path: 'settings', element: page(<APP_PAGES.settings.Component />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function App({ router }: { router: RouterProviderProps['router'] }) {
  useEffect(() => startSessionKeeper(), []);
  // The service worker's prompt exists in the browser only (it renders nothing itself).
  const isClient = useIsClient();
  return (
    <ToastProvider>
      {isClient && <UpdatePrompt />}
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
