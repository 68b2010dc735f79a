import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../domain/index.ts';
import { COUNTRIES } from '../../../domain/forms/countries.ts';
import { LIMITS, STATED_PROCESSING_TIME } from '../../../domain/forms/limits.ts';
import { LOCALES } from '../../../domain/forms/locales.ts';
import { CREDIT_PACKS, PLANS } from '../../../domain/billing/plans.ts';
import { FilterIcon } from '../../components/icons.tsx';
import { PlanCard } from '../../components/plan-card.tsx';
import { DemoVideo } from './demo-video.tsx';
import {
  CheckIcon,
  ClockIcon,
  GlobeIcon,
  KeywordsIcon,
  LibraryIcon,
  LiveIcon,
  SearchIcon,
  ShieldIcon,
  StrategyIcon,
} from './landing-icons.tsx';
import { ResultsStrip } from './results-strip.tsx';
import './landing.css';

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const count = (n: number) => n.toLocaleString('en-US');

const FROM_PRICE = `From ${euros.format(PLANS.monthly.priceEur ?? 0)} a month`;
const CHEAPEST_PACK = Math.min(...Object.values(CREDIT_PACKS).map((pack) => pack.priceEur));

/** docs/product.md#what-the-product-promises: the landing page's claims about the ads. */
const HERO_CLAIMS = [
  'Ads come directly from the Ad Library',
  'Always up to date, with no missing ads',
  'Results in real time',
  'Smart search filters',
] as const;

const PROMISES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SearchIcon />,
    title: 'A scouting tool',
    text: 'Paste an Ad Library link, pick a country and your keywords, and AdScout collects the matching ads — store, title, reach, platforms, dates and ad copy — into your own database.',
  },
  {
    icon: <StrategyIcon />,
    title: 'A proven strategy',
    text: 'A clear method to go from research to launch: spot the ads that keep running, understand why they sell, and adapt the winning angle to your own store.',
  },
  {
    icon: <KeywordsIcon />,
    title: 'A curated keyword list',
    text: `Ready-made sales keywords for ${LOCALES.length} languages and markets, from “free shipping” to “limited offer”, so your searches surface the ads that are actually selling.`,
  },
];

const STEPS = [
  {
    title: 'Search',
    text: `Choose your target market and keywords, paste an Ad Library link and start a scout. Results arrive in ${STATED_PROCESSING_TIME}.`,
  },
  {
    title: 'Analyze',
    text: 'Study the performance data of every ad — reach, how long it has been running, platforms, page likes and calls to action — and single out the real winners.',
  },
  {
    title: 'Scale',
    text: 'Replicate the strategies that are already proven: the product, the angle and the offer. Launch with evidence instead of hope.',
  },
] as const;

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <LibraryIcon />,
    title: 'Straight from the source',
    text: 'Every ad comes directly from the public Ad Library, so what you study is what advertisers are really running.',
  },
  {
    icon: <LiveIcon />,
    title: 'Always up to date',
    text: 'Each scout fetches ads in real time — no stale snapshots and no missing ads.',
  },
  {
    icon: <FilterIcon width="22" height="22" />,
    title: 'Smart search filters',
    text: 'Narrow results by country, keywords and store, then sort by reach to spot the winners fast.',
  },
  {
    icon: <ClockIcon />,
    title: '5 hours become 15 minutes',
    text: 'Research that used to take an afternoon now fits in a coffee break.',
  },
  {
    icon: <GlobeIcon />,
    title: `${COUNTRIES.length} countries, ${LOCALES.length} languages`,
    text: 'Scout the US and the major European markets with keyword lists written for each language.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Your research stays yours',
    text: 'Every result lands in your private database — filter it, export it to CSV and review it offline.',
  },
];

const DELIVERABLES = [
  `The AdScout scouting tool: up to ${count(LIMITS.adsPerSearch.max)} ads per search in ${COUNTRIES.length} countries`,
  'A proven strategy to turn a winning ad into your own launch',
  `A curated keyword list for each of ${LOCALES.length} languages and markets`,
  'Your own ad database to filter, sort, choose columns and export to CSV',
  'A search history with every scout you ran and its results',
  'Offline review in an installable app for phone and desktop',
  `Up to ${count(PLANS.yearly.monthlyQuota)} results every month, plus extra result packs whenever you need them`,
  'Support from the team and fellow sellers in our community chat',
] as const;

function StartNow({ className = 'button button-primary button-lg' }: { className?: string }) {
  return (
    <Link className={className} to={ROUTES.register.path}>
      Start Now
    </Link>
  );
}

function Hero() {
  return (
    <section className="hero landing-hero" aria-labelledby="hero-title">
      <div className="container landing-hero-grid">
        <div className="landing-hero-copy">
          <p className="eyebrow">For dropshippers and online store owners</p>
          <h1 id="hero-title">Where winning ads are found — not guessed.</h1>
          <p className="lead">
            AdScout collects the ads your competitors are already scaling, straight from Facebook&apos;s
            public Ad Library, so you can study what works and launch your next winner with confidence.
          </p>
          <div className="row landing-hero-actions">
            <StartNow />
            <a className="button button-secondary button-lg" href="#how-it-works">
              See how it works
            </a>
          </div>
          <p className="landing-hero-note">{FROM_PRICE} · Cancel anytime</p>
        </div>
        <div className="card landing-hero-panel">
          <p className="landing-panel-title">Research time per product</p>
          <div className="time-compare">
            <div className="time-row">
              <span className="time-label">Manual research</span>
              <span className="time-value">5 hours</span>
              <span className="time-bar time-bar-before" aria-hidden="true" />
            </div>
            <div className="time-row">
              <span className="time-label">With AdScout</span>
              <span className="time-value time-value-after">15 minutes</span>
              <span className="time-bar time-bar-after" aria-hidden="true" />
            </div>
          </div>
          <ul className="landing-claims">
            {HERO_CLAIMS.map((claim) => (
              <li key={claim}>
                <span className="landing-claim-icon">
                  <CheckIcon />
                </span>
                {claim}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Promises() {
  return (
    <section className="section section-alt" aria-labelledby="promises-title">
      <div className="container">
        <h2 id="promises-title" className="section-title">
          Find, Study, and Replicate Winning Ads
        </h2>
        <p className="section-lead">
          Three things, one subscription: everything between an empty ad account and a proven angle.
        </p>
        <div className="grid landing-grid-3">
          {PROMISES.map((promise) => (
            <article key={promise.title} className="card landing-card">
              <span className="icon-circle">{promise.icon}</span>
              <h3>{promise.title}</h3>
              <p className="muted">{promise.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section id="how-it-works" className="section landing-anchor" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section-title">
          How It Works
        </h2>
        <p className="section-lead">From a blank page to a shortlist of proven ads in three steps.</p>
        <ol className="grid landing-grid-3 landing-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card landing-card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="landing-video-wrap">
          <DemoVideo />
        </div>
      </div>
    </section>
  );
}

function Benefits() {
  return (
    <section className="section section-alt" aria-labelledby="benefits-title">
      <div className="container">
        <h2 id="benefits-title" className="section-title">
          Why AdScout Is Different
        </h2>
        <p className="section-lead">
          Fresh, complete data straight from the source — not a stale snapshot of someone else&apos;s
          research.
        </p>
        <div className="grid landing-grid-6">
          {BENEFITS.map((benefit) => (
            <article key={benefit.title} className="card landing-card">
              <span className="icon-circle">{benefit.icon}</span>
              <h3>{benefit.title}</h3>
              <p className="muted">{benefit.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function Results() {
  return (
    <section className="section" aria-labelledby="results-title">
      <div className="container">
        <h2 id="results-title" className="section-title">
          Real Results from Real Stores
        </h2>
        <p className="section-lead">
          What it looks like when a scouted product starts to sell: orders in, the winning ad ahead of the
          rest.
        </p>
        <ResultsStrip />
      </div>
    </section>
  );
}

function WhatYouGet() {
  return (
    <section className="section section-alt" aria-labelledby="get-title">
      <div className="container landing-get">
        <div className="landing-get-intro">
          <h2 id="get-title">What You&apos;ll Get</h2>
          <p className="lead">
            Everything you need to find a winning product, study why it sells and launch your own version —
            included in every plan.
          </p>
          <StartNow />
        </div>
        <div className="card landing-get-card">
          <ul className="check-list landing-get-list">
            {DELIVERABLES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section id="pricing" className="section landing-pricing landing-anchor" aria-labelledby="pricing-title">
      <div className="container">
        <h2 id="pricing-title" className="section-title">
          Pricing Plans
        </h2>
        <p className="section-lead">
          Full access on both plans. Pay monthly, or yearly and save. Cancel anytime.
        </p>
        <div className="grid grid-2 landing-plans">
          {[PLANS.monthly, PLANS.yearly].map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={<StartNow className="button button-primary button-block" />}
            />
          ))}
        </div>
        <p className="muted center landing-pricing-note">
          Need more results? Extra result packs start at {euros.format(CHEAPEST_PACK)} and never expire.
        </p>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section className="section section-dark landing-cta" aria-labelledby="cta-title">
      <div className="container center">
        <h2 id="cta-title" className="section-title">
          Start Scouting Winning Ads Today
        </h2>
        <p className="section-lead">
          Your next winning product is already running somewhere in the Ad Library. Find it in minutes, not
          hours.
        </p>
        <StartNow className="button button-accent button-lg" />
        <p className="landing-cta-note">{FROM_PRICE} · Cancel anytime</p>
      </div>
    </section>
  );
}

export function LandingPage() {
  return (
    <div className="landing">
      <Hero />
      <Promises />
      <HowItWorks />
      <Benefits />
      <Results />
      <WhatYouGet />
      <Pricing />
      <ClosingCallToAction />
    </div>
  );
}
