import { Suspense, useEffect, type ReactNode } from 'react';
import { preloadable, type Preloadable } from './preloadable.tsx';
import { Navigate, RouterProvider, type RouteObject, type RouterProviderProps } from 'react-router-dom';
import {
  APP_BASE,
  APP_HOME,
  isSignedInAppPath,
  ROUTE_IDS,
  routeAt,
  ROUTES,
  type RouteId,
} from '../../domain/index.ts';
import { ToastProvider } from '../components/toast.tsx';
import { useIsClient } from '../components/use-is-client.ts';
import { errorMessage } from '../data/server/client.ts';
import { startSessionKeeper } from '../data/server/session.ts';
import { loadDatabaseGrid } from '../features/database/grid-module.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

// Every page is loaded on demand, so a visitor of / downloads none of the signed-in app (AG Grid,
// Dexie, the sync engine, forms), and the first /app page none of the landing page. Each import is
// its route's module (src/domain/pages/routes.ts; routes.test.ts checks that they agree), written
// out so that Vite splits the code there.
const PAGES = {
  landing: preloadable(() => import('../features/landing/landing-page.tsx').then((m) => m.LandingPage)),
  contact: preloadable(() => import('../features/support/contact-page.tsx').then((m) => m.ContactPage)),
  support: preloadable(() => import('../features/support/support-page.tsx').then((m) => m.SupportPage)),
  terms: preloadable(() => import('../features/legal/terms-page.tsx').then((m) => m.TermsPage)),
  privacy: preloadable(() => import('../features/legal/privacy-page.tsx').then((m) => m.PrivacyPage)),
  login: preloadable(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage)),
  register: preloadable(() => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage)),
  subscribe: preloadable(() => import('../features/billing/subscribe-page.tsx').then((m) => m.SubscribePage)),
  forgotPassword: preloadable(() =>
    import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: preloadable(() =>
    import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
  confirmEmailChange: preloadable(() =>
    import('../features/auth/confirm-email-change-page.tsx').then((m) => m.ConfirmEmailChangePage),
  ),
  search: preloadable(() => import('../features/search/search-page.tsx').then((m) => m.SearchPage)),
  history: preloadable(() => import('../features/history/history-page.tsx').then((m) => m.HistoryPage)),
  // The grid's code (AG Grid) comes with the page's own, so that the page's first render shows it;
  // the page, made as its module arrives, starts reading its rows then (createDatabasePage).
  database: preloadable(() => {
    void loadDatabaseGrid().catch(() => undefined); // the page reports a failure when it mounts
    return import('../features/database/database-page.tsx').then((m) => m.createDatabasePage());
  }),
  reports: preloadable(() => import('../features/reports/reports-page.tsx').then((m) => m.ReportsPage)),
  boards: preloadable(() => import('../features/boards/boards-page.tsx').then((m) => m.BoardsPage)),
  board: preloadable(() => import('../features/boards/board-page.tsx').then((m) => m.BoardPage)),
  insights: preloadable(() => import('../features/insights/insights-page.tsx').then((m) => m.InsightsPage)),
  keywords: preloadable(() => import('../features/keywords/keywords-page.tsx').then((m) => m.KeywordsPage)),
  ai: preloadable(() => import('../features/ai/ai-page.tsx').then((m) => m.AiPage)),
  settings: preloadable(() => import('../features/settings/settings-page.tsx').then((m) => m.SettingsPage)),
} satisfies Record<RouteId, Preloadable<object>>;
const AppLayout = preloadable(() => import('./app-layout.tsx').then((m) => m.AppLayout));
const Gate = preloadable(() => import('./subscription-gate.tsx').then((m) => m.SubscriptionGate));

/**
 * Loads the modules the page at `pathname` renders, so that its first render does not suspend
 * (preloadable.tsx): for an /app address the shell, the gate and the page, all at once. Never
 * rejects: a module that fails to load is the route's error to show.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (isSignedInAppPath(pathname)) {
    loads.push(AppLayout.load(), Gate.load());
    // The local database opens while the modules load, not once the shell renders: the pages'
    // first reads (the Database page's newest rows) need it.
    // (The shell loads the module too, and shows the route's error when it cannot.)
    void import('../data/local/local-data.ts').then((local) => local.startLocalData()).catch(() => undefined);
  }
  const id = routeAt(pathname);
  if (id) loads.push(PAGES[id].load());
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

/** A page's route element: its component, behind the subscription gate when the page needs one. */
function pageElement(id: RouteId): ReactNode {
  const Page = PAGES[id].Component;
  return ROUTES[id].access === 'subscription' ? gated(<Page />) : page(<Page />);
}

/** The routes of the public pages (`inApp` false) or of the app's (under APP_BASE). */
function pageRoutes(inApp: boolean): RouteObject[] {
  return ROUTE_IDS.filter((id) => (ROUTES[id].access !== 'public') === inApp).map((id) => ({
    path: ROUTES[id].path,
    element: pageElement(id),
  }));
}

/**
 * Every route of the app (src/domain/pages/routes.ts). The browser runs them in a browser router
 * (main.tsx); the build renders the prerendered ones in a memory router (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [...pageRoutes(false), { path: '*', element: <NotFoundPage /> }],
      },
      {
        path: APP_BASE,
        element: page(<AppLayout.Component />),
        children: [
          { index: true, element: <Navigate to={ROUTES[APP_HOME].path} replace /> },
          ...pageRoutes(true),
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
    <ToastProvider describeError={errorMessage}>
      {isClient && <UpdatePrompt />}
      <RouterProvider router={router} />
    </ToastProvider>
  );
}
