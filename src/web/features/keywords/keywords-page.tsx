/**
 * /app/keywords (docs/product.md): a curated keyword list per language/country. A stored set
 * overrides the generated defaults; 'Reset to Defaults' overwrites it, on this device at once
 * and on the server as soon as it can be reached (the outbox pushes it when back online).
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  isLocaleCode,
  LOCALES,
  MESSAGES,
  PRODUCT_MESSAGES,
  ROUTES,
  type LocaleCode,
  type ScoutPrefill,
} from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import { errorMessage } from '../../data/server/client.ts';
import { useKeywordList } from '../../data/local/local-reads.ts';
import { resetKeywordsToDefaults } from '../../data/local/local-writes.ts';
// The default lists load with this page (local-reads.ts and local-writes.ts import them on
// demand, the first /app page shows none): a locale without a stored set shows its defaults
// offline too, on a page the service worker does not control yet.
import '../../data/local/default-keywords.ts';
import './keywords.css';

export const KEYWORDS_NOTE = '/products and /collections remain untranslated across all locales.';

export function KeywordsPage() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('locale');
  // The choice lives in the URL, so a reload or a shared link keeps it.
  const locale: LocaleCode | null = chosen && isLocaleCode(chosen) ? chosen : null;
  const list = useKeywordList(locale);
  const toast = useToast();
  const navigate = useNavigate();
  const [resetting, setResetting] = useState(false);

  function choose(value: string) {
    setParams(isLocaleCode(value) ? { locale: value } : {}, { replace: true });
  }

  async function reset() {
    if (!locale) return;
    setResetting(true);
    try {
      const outcome = await resetKeywordsToDefaults(locale);
      toast.success(MESSAGES.keywordsReset);
      if (outcome === 'queued') {
        toast.info(PRODUCT_MESSAGES.keywordsResetQueued);
      }
    } catch (error) {
      // docs/product.md#messages: the error's own message, or 'Failed to reset keywords'.
      toast.error(
        errorMessage(
          error,
          error instanceof Error && error.message ? error.message : MESSAGES.keywordsResetFailed,
        ),
      );
    } finally {
      setResetting(false);
    }
  }

  function scoutWith(keyword: string) {
    const scout: ScoutPrefill = { keywords_used: keyword };
    navigate(ROUTES.search.path, { state: { scout } });
  }

  const label = LOCALES.find((entry) => entry.code === locale)?.label;

  return (
    <>
      <header className="page-header">
        <h1>Keywords</h1>
        <p>Curated keyword lists for every market. Pick one to scout with it.</p>
      </header>
      <section className="card keywords-card" aria-label="Keyword lists">
        <div className="keywords-toolbar">
          <div className="field keywords-picker">
            <label htmlFor="keywords-locale">Language/country</label>
            <select
              id="keywords-locale"
              className="select"
              value={locale ?? ''}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="" disabled>
                Select language/country
              </option>
              {LOCALES.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
          {locale && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void reset()}
              disabled={resetting || !list}
            >
              {resetting ? 'Resetting…' : 'Reset to Defaults'}
            </button>
          )}
        </div>
        <p className="muted keywords-note">{KEYWORDS_NOTE}</p>
        {locale && list && (
          <>
            <p className="keywords-meta" data-testid="keywords-meta">
              {list.keywords.length} keywords for {label} ·{' '}
              {list.pending
                ? 'saved on this device, waiting to sync'
                : list.stored
                  ? 'your saved list'
                  : 'default list'}
            </p>
            <ul className="keywords-grid" aria-label={`Keywords for ${label}`}>
              {list.keywords.map((keyword) => (
                <li key={keyword} className="keyword-cell">
                  <span className="keyword-text">{keyword}</span>
                  <button
                    type="button"
                    className="button button-ghost keyword-scout"
                    onClick={() => scoutWith(keyword)}
                    aria-label={`Scout with “${keyword}”`}
                    title="Use in a new scout"
                  >
                    Scout
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {locale && !list && (
          <p className="loading" role="status">
            Loading keywords…
          </p>
        )}
      </section>
    </>
  );
}
