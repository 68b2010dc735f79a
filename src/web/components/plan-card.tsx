import type { ReactNode } from 'react';
import { PLAN_FEATURES, YEARLY_SAVING_EUR, type Plan } from '../../domain/billing/plans.ts';
import './plan-card.css';

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/**
 * A pricing card of docs/product.md#constants-and-limits (landing page and /subscribe); `action` is its
 * button.
 */
export function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article
      className={plan.id === 'monthly' ? 'card plan-card card-featured' : 'card plan-card'}
      aria-labelledby={titleId}
    >
      {plan.badge && <span className="badge plan-badge">{plan.badge}</span>}
      <h3 id={titleId}>{plan.id === 'monthly' ? 'Monthly' : plan.id === 'yearly' ? 'Yearly' : 'Lifetime'}</h3>
      {plan.priceEur !== null && (
        <p className="price">
          {euros.format(plan.priceEur)} <small>/ {plan.interval}</small>
        </p>
      )}
      {plan.id === 'yearly' && (
        <p className="plan-saving">Save {euros.format(YEARLY_SAVING_EUR)} compared with monthly</p>
      )}
      <ul className="check-list">
        <li>{plan.monthlyQuota.toLocaleString('en-US')} results a month</li>
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {action}
    </article>
  );
}
