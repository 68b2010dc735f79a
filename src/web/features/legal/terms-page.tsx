import { Link } from 'react-router-dom';
import { ROUTES } from '../../../domain/index.ts';
import { CREDIT_PACKS, PLANS } from '../../../domain/billing/plans.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { LastUpdated } from './last-updated.tsx';
import './legal.css';

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const count = (n: number) => n.toLocaleString('en-US');
const price = (amount: number | null) => (amount === null ? '' : euros.format(amount));

export function TermsPage() {
  const { communityChatUrl } = usePublicConfig();
  const { monthly, yearly } = PLANS;
  const cheapestPack = Math.min(...Object.values(CREDIT_PACKS).map((pack) => pack.priceEur));
  return (
    <div className="container legal-page">
      <article className="prose" aria-labelledby="terms-title">
        <h1 id="terms-title">Terms of Service</h1>
        <LastUpdated />

        <p>
          These terms govern your use of AdScout (“the service”), provided by AdScout (“we”, “us”). By
          creating an account or using the service you agree to them. If you do not agree, please do not use
          AdScout.
        </p>

        <h2>1. The service</h2>
        <p>
          AdScout helps online store owners research advertising: it collects ads from a public ads library
          according to the searches you run, stores the results in your account and lets you review, filter
          and export them. Ads are third-party content; we do not create them, and we cannot guarantee that
          every ad is available, accurate or complete at the source. Results are research material, not a
          promise of sales or profit.
        </p>

        <h2>2. Your account</h2>
        <ul>
          <li>You must be at least 18 years old and use AdScout for your business.</li>
          <li>Give a valid email address and keep your password confidential.</li>
          <li>
            An account is for one person. Sharing your login credentials, or letting other people use your
            account, is forbidden.
          </li>
          <li>You are responsible for everything that happens under your account.</li>
        </ul>

        <h2>3. Plans and automatic renewal</h2>
        <p>
          Access to the service requires a paid subscription. The monthly plan costs {price(monthly.priceEur)}{' '}
          per month and includes {count(monthly.monthlyQuota)} results a month; the yearly plan costs{' '}
          {price(yearly.priceEur)} per year and includes {count(yearly.monthlyQuota)} results a month. Prices
          shown at checkout, including any applicable taxes, are the ones that apply.
        </p>
        <p>
          <strong>Plans renew automatically</strong> at the end of each billing period, for the same period
          and at the then-current price, until you cancel. You can cancel at any time from Settings;
          cancellation stops the next renewal, and you keep access until the end of the period you have
          already paid for.
        </p>

        <h2>4. Payments and refunds</h2>
        <p>
          Payments are processed by our card payment provider. By subscribing you authorise us to charge your
          payment method for each renewal. If a payment fails, your subscription may be suspended until the
          payment method is updated.
        </p>
        <p>
          <strong>Fees are non-refundable</strong>, including for partially used billing periods and unused
          results, except where the law requires a refund.
        </p>

        <h2>5. Results quota and credits</h2>
        <ul>
          <li>
            Each result added to your account counts against your quota; an ad you have already collected in
            an earlier search is not counted again.
          </li>
          <li>
            Your monthly quota resets on the anniversary of your subscription start: each month, on the same
            day of the month on which your subscription started.
          </li>
          <li>Unused quota does not carry over to the next period.</li>
          <li>
            You can buy extra result credits (from {euros.format(cheapestPack)}) as one-time purchases.
            Credits do not expire and are used after your monthly quota.
          </li>
        </ul>

        <h2>6. Acceptable use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>
            scrape, crawl or otherwise extract data from AdScout by automated means, or access it in any way
            other than through the interface we provide;
          </li>
          <li>share your credentials, resell access to the service or let anyone else use your account;</li>
          <li>
            attempt to bypass quotas, security or access controls, or interfere with the service or other
            users&apos; data;
          </li>
          <li>
            use the service or the ads it collects to infringe anyone&apos;s intellectual property, for
            example by copying another advertiser&apos;s creatives, brand or product pages;
          </li>
          <li>use the service for anything unlawful, deceptive or harmful.</li>
        </ul>
        <p>We may suspend or close accounts that break these rules, without refund where the law allows.</p>

        <h2>7. Intellectual property</h2>
        <p>
          The AdScout software, design, strategy material and keyword lists belong to us and are licensed to
          you for use within your subscription only. Ads collected by the service remain the property of their
          advertisers. Your exports are yours to use for your own research.
        </p>

        <h2>8. Availability and changes</h2>
        <p>
          We work to keep AdScout available and accurate, but the service depends on third-party sources and
          is provided “as is” and “as available”. We may change or improve features; if we make a change that
          materially reduces what your plan includes, we will tell you in advance.
        </p>

        <h2>9. Limitation of liability</h2>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses such as lost
          profits, lost sales or advertising spend, and our total liability for any claim is limited to the
          fees you paid us in the twelve months before the claim. Nothing in these terms limits liability that
          cannot be limited by law.
        </p>

        <h2>10. Ending your use of AdScout</h2>
        <p>
          You can stop using AdScout and cancel your subscription at any time. We may end or suspend your
          access if you seriously or repeatedly breach these terms. Your personal data is handled as described
          in our <Link to={ROUTES.privacy.path}>Privacy Policy</Link>.
        </p>

        <h2>11. Changes to these terms</h2>
        <p>
          We may update these terms. If a change materially affects you, we will tell you before it takes
          effect; continuing to use the service afterwards means you accept the updated terms.
        </p>

        <h2>12. Contact</h2>
        <p>
          Questions about these terms? Reach us through our{' '}
          <ExternalLink href={communityChatUrl}>community chat</ExternalLink>.
        </p>
      </article>
    </div>
  );
}
