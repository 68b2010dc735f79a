import { useSubscription } from '../../data/local/subscription.ts';
import { EmailCard, PasswordCard } from './account-cards.tsx';
import { CreditsCard } from './credits-card.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { DownloadDataCard } from './download-data-card.tsx';
import { NotifyCard } from './notify-card.tsx';
import { OfflineCreativesCard } from './offline-creatives-card.tsx';
import { ReportEmailCard } from './report-email-card.tsx';
import { useCheckoutReturn } from './use-checkout-return.ts';
import './settings.css';

/**
 * /app/settings (docs/product.md#screens-and-routes): reachable without a subscription; the product's four
 * cards, how reports and notifications reach the user (docs/reports.md#reports-by-email, docs/push.md),
 * then the account's own data: download it, delete it (docs/accounts.md).
 */
export function SettingsPage() {
  const subscription = useSubscription();
  useCheckoutReturn();
  return (
    <>
      <header className="page-header">
        <h1>Settings</h1>
        <p>Your plan, your results and your account.</p>
      </header>
      <div className="settings-grid">
        <CurrentPlanCard state={subscription} />
        <CreditsCard />
        <EmailCard />
        <PasswordCard />
        <ReportEmailCard />
        <NotifyCard />
        <OfflineCreativesCard />
        <DownloadDataCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
