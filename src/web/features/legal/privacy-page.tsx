import { MAIL_OUTBOX_RETENTION_DAYS } from '../../../domain/forms/limits.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { LastUpdated } from './last-updated.tsx';
import './legal.css';

export function PrivacyPage() {
  const { communityChatUrl } = usePublicConfig();
  return (
    <div className="container legal-page">
      <article className="prose" aria-labelledby="privacy-title">
        <h1 id="privacy-title">Privacy Policy</h1>
        <LastUpdated />

        <div className="notice notice-info legal-summary">
          <p>
            <strong>In short:</strong> we collect only what we need to run your account, your subscription and
            your ad research. We never sell your data. Payments are handled by a card payment provider. You
            can download all your data or delete your account yourself at any time in Settings, and exercise
            your other privacy rights through our community chat.
          </p>
        </div>

        <p>
          This policy explains what personal data AdScout (“we”, “us”) collects when you visit our website or
          use the AdScout service, why we collect it, who we share it with and the rights you have over it.
        </p>

        <h2>1. Who can use AdScout</h2>
        <p>
          AdScout is a business tool for online store owners and is not intended for anyone under 18 years of
          age. We do not knowingly collect personal data from people under 18. If you believe a minor has
          created an account, let us know through the community chat and we will delete the account and its
          data.
        </p>

        <h2>2. The data we collect</h2>
        <ul>
          <li>
            <strong>Account data:</strong> your email address and your password. Passwords are stored only in
            a securely hashed form; we can never read them.
          </li>
          <li>
            <strong>Subscription data:</strong> your plan, its status and renewal date, the result credits you
            have bought and how many results you have used in the current period.
          </li>
          <li>
            <strong>Research data:</strong> the searches you run (search name, Ad Library link, country,
            keywords and requested number of ads), the ads collected for you and your keyword lists.
          </li>
          <li>
            <strong>Security records:</strong> a log of changes to your email address or password (including
            password resets by email and email changes confirmed by link) and of refused attempts to change or
            delete your account, with the IP address they came from, so that we can detect and investigate
            unauthorised access.
          </li>
          <li>
            <strong>Technical and usage data:</strong> information your browser sends when you use the
            service, such as IP address, device and browser type, pages visited and the time of your visit.
          </li>
        </ul>
        <p>
          The ads AdScout collects come from a public ads library. They may contain the names of advertisers
          and their pages; we process that public information only to provide the research features of the
          service.
        </p>

        <h2>3. How we use your data</h2>
        <ul>
          <li>to create and secure your account and let you log in;</li>
          <li>
            to send you the emails your account needs: a link to reset your password when you ask for one, a
            link to confirm a new email address, and a notice to your old address when it changes;
          </li>
          <li>
            to run your searches, store the results and show you your history, database and keyword lists;
          </li>
          <li>to manage your subscription, your monthly results quota and any result credits you buy;</li>
          <li>to answer your support requests;</li>
          <li>to understand how the service is used, fix problems and improve it;</li>
          <li>to prevent fraud and abuse and to meet our legal obligations.</li>
        </ul>
        <p>
          We rely on the performance of our contract with you, our legitimate interest in running a secure and
          reliable service, your consent where it is required, and our legal obligations.
        </p>

        <h2>4. Payments</h2>
        <p>
          Subscriptions and result credits are paid through a card payment provider. Your card details are
          entered on the provider&apos;s secure checkout and are never sent to or stored on our servers. We
          receive only what we need to manage your subscription: a customer reference, the plan, the payment
          status and the renewal date, and whether a payment was refunded or disputed.
        </p>

        <h2>5. Who we share data with</h2>
        <p>
          We do not sell your personal data. We share it only with service providers that help us run AdScout:
        </p>
        <ul>
          <li>
            <strong>Hosting providers</strong>, which store and serve the application and its database;
          </li>
          <li>
            <strong>Our email delivery provider</strong>, which delivers the account emails above to your
            address;
          </li>
          <li>
            <strong>Analytics providers</strong>, which help us measure how the website and the service are
            used;
          </li>
          <li>
            <strong>Our card payment provider</strong>, which processes your payments;
          </li>
          <li>
            <strong>Ad data providers</strong>, which receive the search parameters needed to collect ads for
            you, but not your email address;
          </li>
          <li>
            <strong>An AI model provider</strong>, only where the operator of this server has turned briefs or
            transcripts on: when you ask for a brief, the copy of the ad (or of a product&apos;s ads) and the
            text read on its creative are sent to the model provider the operator connected, which writes the
            brief; with transcripts on, the videos of the ads your scouts archive are sent to it to be
            transcribed. Your email address and your other data are not sent. Without briefs or transcripts
            turned on, nothing is sent to a model provider.
          </li>
        </ul>
        <p>
          These providers may process data only on our instructions and under appropriate safeguards,
          including when they operate outside your country. We may also disclose data when the law requires
          it.
        </p>

        <h2>6. Cookies and storage on your device</h2>
        <p>
          AdScout uses your browser&apos;s local storage to keep you logged in and to remember your cookie
          choice, and stores a copy of your own research on your device so you can review it offline. That
          local copy is wiped when you log out or delete your account. When you first visit, the cookie banner
          lets you accept or reject cookies; your choice is remembered on that device and you can clear it at
          any time in your browser settings.
        </p>

        <h2>7. How long we keep data</h2>
        <p>
          We keep your data for as long as your account exists. You can delete your account yourself in
          Settings → Delete Account: it first closes any checkout you left open and cancels an active
          subscription with our payment provider, and then deletes at once your account, your email address
          and password, your subscription, your searches and their results, your keyword lists, your security
          records and any account emails we still hold for you. A payment that still reaches us for a deleted
          account is refunded, and a subscription it would start is canceled at once.
        </p>
        <p>
          An account email that our server could not hand to an email delivery provider is kept on the server
          for at most {MAIL_OUTBOX_RETENTION_DAYS} days, then deleted.
        </p>
        <p>
          Billing law makes us keep a few records, detached from you: the entries of your results usage and
          credit purchases (amounts and dates, without your account or email), the references of the payment
          events our payment provider sent us, and one record that an account was deleted, which holds,
          instead of its email address, a one-way code of it made with a secret key kept only on our server
          (so we can show that we deleted a given address, while nobody without the key can find out which
          addresses the records stand for), the payment provider&apos;s customer reference and the date. Our
          payment provider keeps its own payment records as the law requires.
        </p>

        <h2>8. Security</h2>
        <p>
          Data travels over encrypted connections, passwords are hashed, and every record is tied to its owner
          so that no user can see another user&apos;s data. No system is perfectly secure, but we work to
          protect your data and will notify you of a breach where the law requires us to.
        </p>

        <h2>9. Your rights</h2>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted;</li>
          <li>restrict or object to certain processing;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw your consent at any time, where we rely on it.</li>
        </ul>
        <p>
          Two of them you can use yourself at any time, in Settings: <strong>Download My Data</strong> gives
          you one file (JSON, a portable format) with your account, subscription, searches, every result,
          keyword lists, usage and security records; <strong>Delete Account</strong> deletes your account as
          described in section 7.
        </p>
        <p>
          To exercise any of the others, contact us through our{' '}
          <ExternalLink href={communityChatUrl}>community chat</ExternalLink> and open a support ticket. We
          may ask you to confirm that you own the account, and we will reply within the time the law allows.
          You also have the right to complain to your local data protection authority.
        </p>

        <h2>10. Changes to this policy</h2>
        <p>
          We may update this policy as the service evolves. If a change materially affects you, we will let
          you know before it takes effect.
        </p>

        <h2>11. Contact</h2>
        <p>
          Questions about this policy or your data? Reach us through the{' '}
          <ExternalLink href={communityChatUrl}>community chat</ExternalLink>.
        </p>
      </article>
    </div>
  );
}
