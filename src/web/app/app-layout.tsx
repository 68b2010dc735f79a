import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES, ROUTES } from '../../domain/index.ts';
import { AdHistorySlot, type AdHistoryProps } from '../components/ad-history-slot.ts';
import { useToast } from '../components/toast.tsx';
import { onSyncNotice, startLocalData } from '../data/local/local-data.ts';
import { usePublicConfig } from '../data/server/public-config.ts';
import { useSession } from '../data/server/session.ts';
import { signOutHere } from '../data/local/push-setting.ts';
import { useUnreadReportCount } from '../data/local/reports.ts';
import { BoardsSlot, type BoardsSlotValue } from '../components/boards-slot.ts';
import { BriefsSlot, type BriefsSlotValue } from '../components/briefs-slot.ts';
import { AdBriefSection, ProductBriefButton } from '../features/ai/brief-slots.tsx';
import { AdBoardsSection } from '../features/boards/ad-boards-section.tsx';
import { SaveAdsButton } from '../features/boards/save-ads-button.tsx';
import { AdHistorySection } from '../features/insights/ad-history-section.tsx';
import { RunNotifier } from '../features/notifications/run-notifier.tsx';
import { ConnectionBanner } from './connection-banner.tsx';
import { SiteFooter } from './public-layout.tsx';
import { SiteHeader } from './site-header.tsx';

// The ad detail view's history (docs/ad-detail.md#ad-history), from the Insights feature. Its code
// is small (about 3 KB gzipped) and part of the app's, so a detail view opened offline on a page
// the service worker does not control yet still has it; its chart library loads with a chart.
const renderAdHistory = (props: AdHistoryProps) => <AdHistorySection key={props.adId} {...props} />;

// "Save to board" on the other pages (docs/boards.md#in-the-app), from the boards feature.
const boardsSlot: BoardsSlotValue = {
  adBoards: (props) => <AdBoardsSection key={props.adId} {...props} />,
  saveAdsButton: (props) => <SaveAdsButton {...props} />,
};

// Briefs in the detail view and on Insights' products (docs/ai.md#briefs), from the AI feature.
const briefsSlot: BriefsSlotValue = {
  adBrief: (props) => <AdBriefSection key={props.adId} {...props} />,
  productBrief: (props) => <ProductBriefButton {...props} />,
};

export const APP_NAV = [
  { to: ROUTES.search.path, label: 'Search' },
  { to: ROUTES.history.path, label: 'Search History' },
  { to: ROUTES.database.path, label: 'Search Database' },
  { to: ROUTES.reports.path, label: 'Reports' },
  { to: ROUTES.boards.path, label: 'Boards' },
  { to: ROUTES.insights.path, label: 'Insights' },
  { to: ROUTES.keywords.path, label: 'Keywords' },
  { to: ROUTES.ai.path, label: 'AI' },
  { to: ROUTES.settings.path, label: 'Settings' },
] as const;

/**
 * The /app shell: only for a signed-in user (docs/product.md#screens-and-routes), with the app navigation and
 * Logout.
 */
export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { communityChatUrl } = usePublicConfig();
  const [loggingOut, setLoggingOut] = useState(false);
  // The local database and its sync follow the session from here on (docs/local-first.md). Started
  // while rendering (it is idempotent) so that the pages below find it on their first render.
  startLocalData();
  useEffect(
    () =>
      onSyncNotice((notice) =>
        notice.kind === 'error' ? toast.error(notice.message) : toast.info(notice.message),
      ),
    [toast],
  );

  if (!session && !loggingOut)
    return <Navigate to={ROUTES.login.path} replace state={{ from: location.pathname }} />;

  async function logout() {
    setLoggingOut(true);
    await signOutHere();
    toast.success(MESSAGES.logoutSuccess);
    navigate(ROUTES.landing.path, { replace: true });
  }

  return (
    <div className="page app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader label="App">
        {APP_NAV.map((item) =>
          item.to === ROUTES.reports.path ? (
            <ReportsNavLink key={item.to} to={item.to} label={item.label} />
          ) : (
            <NavLink key={item.to} to={item.to} className="nav-link">
              {item.label}
            </NavLink>
          ),
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void logout()}
          disabled={loggingOut}
        >
          Logout
        </button>
      </SiteHeader>
      <ConnectionBanner />
      {session && <RunNotifier />}
      <main id="main" className="site-main app-main" tabIndex={-1}>
        <div className="container">
          <AdHistorySlot value={renderAdHistory}>
            <BoardsSlot value={boardsSlot}>
              <BriefsSlot value={briefsSlot}>
                <Outlet />
              </BriefsSlot>
            </BoardsSlot>
          </AdHistorySlot>
        </div>
      </main>
      <SiteFooter communityChatUrl={communityChatUrl} />
    </div>
  );
}

/**
 * Reports in the navigation, with how many are unread (docs/reports.md#in-the-app): a badge,
 * and the count in the link's accessible name ("Reports, 3 unread").
 */
function ReportsNavLink({ to, label }: { to: string; label: string }) {
  const unread = useUnreadReportCount();
  return (
    <NavLink
      to={to}
      className="nav-link"
      aria-label={unread > 0 ? `${label}, ${unread} unread` : undefined}
      data-testid="nav-reports"
    >
      {label}
      {unread > 0 && (
        <span className="nav-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
