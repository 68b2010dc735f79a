/**
 * /app/ai (docs/ai.md#the-ai-page): what the text read on the creatives and the tags say about the
 * user's ads — which hooks and offers their winning ads carry, the lines read on the creatives of
 * their best-scoring ads, offers by country and the languages of their ads. Computed in the
 * browser from the local database by the AI Web Worker (use-ai-insights.ts), so it works offline.
 * The page keeps its title "AI Features" (docs/product.md); it says what works, nothing about what
 * might come (docs/decisions.md).
 */
import { formatCount, type AiInsights } from '../../../domain/index.ts';
import { CountryOffersTable, HeadlinesTable, LanguagesTable, TagWinsTable } from './ai-tables.tsx';
import { BriefsStatus } from './briefs-status.tsx';
import { useAiInsights } from './use-ai-insights.ts';
import './ai.css';

function statusLine(computing: boolean, computedAt: number | null, failed: string | null): string {
  if (failed) return failed;
  if (computing) return computedAt === null ? 'Computing from your results…' : 'Updating…';
  return computedAt === null ? '' : `Updated ${new Date(computedAt).toLocaleTimeString()}`;
}

export function AiPage() {
  const { insights, computing, computedAt, failed } = useAiInsights();
  return (
    <>
      <header className="page-header">
        <h1>AI Features</h1>
        <p>
          The hooks, offers and headlines in your ads, read from their copy and from the text on their
          creatives.
        </p>
      </header>
      <p className="notice ai-scope" data-testid="ai-scope">
        Counts are of the ads your scouts have seen, not the whole Ad Library. An ad is counted once, however
        many runs found it.
      </p>
      <p className="ai-status muted" role="status" data-testid="ai-status">
        {statusLine(computing, computedAt, failed)}
      </p>
      {insights && <AiSections insights={insights} />}
      <BriefsStatus />
    </>
  );
}

function AiSections({ insights }: { insights: AiInsights }) {
  const noAds = insights.ads === 0;
  return (
    <div className="ai-sections">
      <section aria-labelledby="ai-wins" className="ai-section">
        <h2 id="ai-wins">Hooks and offers that win</h2>
        <p className="muted">
          {noAds
            ? 'No ads yet: scout some and their hooks and offers show here.'
            : `${formatCount(insights.taggedAds)} of your ${formatCount(insights.ads)} ads are tagged; ${formatCount(insights.longRunningAds)} ${insights.longRunningAds === 1 ? 'has' : 'have'} run 30 days or more. A hook or offer more common among those than among all ads is one that lasts. Open one to see its ads in the Database.`}
        </p>
        {insights.tags.length > 0 ? (
          <TagWinsTable tags={insights.tags} caption="Hooks and offers in your ads" />
        ) : (
          !noAds && <p className="ai-empty">No hook or offer found in your ads yet.</p>
        )}
      </section>

      <section aria-labelledby="ai-headlines" className="ai-section">
        <h2 id="ai-headlines">Headlines on winning creatives</h2>
        <p className="muted">
          {insights.winningAds === 0
            ? 'No ad has a winning score yet.'
            : `The lines most often read on the creatives of your ${formatCount(insights.winningAds)} best-scoring ads (winning score ${formatCount(insights.winningScoreFrom ?? 0)} or more); text was read on ${formatCount(insights.winningAdsWithText)} of them.`}
        </p>
        {insights.headlines.length > 0 ? (
          <HeadlinesTable headlines={insights.headlines} />
        ) : (
          insights.winningAds > 0 && <p className="ai-empty">No text has been read on their creatives yet.</p>
        )}
      </section>

      <section aria-labelledby="ai-countries" className="ai-section">
        <h2 id="ai-countries">Offers by country</h2>
        {insights.countries.length > 0 ? (
          <CountryOffersTable countries={insights.countries} />
        ) : (
          <p className="ai-empty muted">No ads yet.</p>
        )}
      </section>

      <section aria-labelledby="ai-languages" className="ai-section">
        <h2 id="ai-languages">Languages of your ads</h2>
        {insights.languages.length > 0 ? (
          <LanguagesTable languages={insights.languages} />
        ) : (
          <p className="ai-empty muted">No ad’s language is known yet.</p>
        )}
      </section>
    </div>
  );
}
