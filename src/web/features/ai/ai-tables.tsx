/**
 * The AI page's tables (docs/ai.md#the-ai-page), plain <table>s narrow enough for a 390 px phone:
 * few columns, each figure short, long text wrapping. Ad text read on creatives is third-party
 * data: it is only ever a text node. A tag opens the Database filtered to the rows carrying it.
 */
import { Link } from 'react-router-dom';
import {
  countryLabel,
  databaseTagsPath,
  formatCount,
  LONG_RUNNING_DAYS,
  TAG_TREND_DAYS,
  tagLabel,
  type CountryOffers,
  type Headline,
  type LanguageCount,
  type TagWin,
} from '../../../domain/index.ts';

/** A share (0–1) as a whole percentage; a dash when there is nothing to share. */
export function percent(share: number | null): string {
  return share === null || !Number.isFinite(share) ? '—' : `${Math.round(share * 100)}%`;
}

function TagLink({ tag }: { tag: string }) {
  return (
    <Link to={databaseTagsPath([tag])} aria-label={`${tagLabel(tag)}: open its ads in the Database`}>
      {tagLabel(tag)}
    </Link>
  );
}

export function TagWinsTable({ tags, caption }: { tags: readonly TagWin[]; caption: string }) {
  return (
    <div className="ai-table-box">
      <table className="ai-table" data-testid="ai-tags">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Hook or offer</th>
            <th scope="col" className="ai-num">
              Ads
            </th>
            <th scope="col" className="ai-num">
              Of ads running {LONG_RUNNING_DAYS}+ days <span className="ai-vs">vs of all ads</span>
            </th>
            <th scope="col" className="ai-num">
              Started, last {TAG_TREND_DAYS} days{' '}
              <span className="ai-vs">vs the {TAG_TREND_DAYS} before</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tags.map((win) => (
            <tr key={win.tag}>
              <th scope="row">
                <TagLink tag={win.tag} />
              </th>
              <td className="ai-num">{formatCount(win.ads)}</td>
              <td className="ai-num">
                {percent(win.longShare)} <span className="ai-vs">vs {percent(win.share)}</span>
              </td>
              <td className="ai-num">
                {formatCount(win.recent)} <span className="ai-vs">vs {formatCount(win.previous)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HeadlinesTable({ headlines }: { headlines: readonly Headline[] }) {
  return (
    <div className="ai-table-box">
      <table className="ai-table" data-testid="ai-headlines">
        <caption className="visually-hidden">
          Text lines read on the creatives of the best-scoring ads
        </caption>
        <thead>
          <tr>
            <th scope="col">Line on the creative</th>
            <th scope="col" className="ai-num">
              Ads
            </th>
            <th scope="col">Seen on</th>
          </tr>
        </thead>
        <tbody>
          {headlines.map((headline) => (
            <tr key={headline.line}>
              <td className="ai-text">{headline.line}</td>
              <td className="ai-num">{formatCount(headline.ads)}</td>
              <td className="ai-text">
                {headline.examples.map((example) => example.store || `Ad ${example.adId}`).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CountryOffersTable({ countries }: { countries: readonly CountryOffers[] }) {
  return (
    <div className="ai-table-box">
      <table className="ai-table" data-testid="ai-countries">
        <caption className="visually-hidden">Offers by country</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col" className="ai-num">
              Ads
            </th>
            <th scope="col" className="ai-num">
              With an offer
            </th>
            <th scope="col">Most common offers</th>
          </tr>
        </thead>
        <tbody>
          {countries.map((place) => (
            <tr key={place.country}>
              <th scope="row" className="ai-text">
                {countryLabel(place.country)}
              </th>
              <td className="ai-num">{formatCount(place.ads)}</td>
              <td className="ai-num">{percent(place.ads > 0 ? place.withOffer / place.ads : null)}</td>
              <td className="ai-text">
                {place.offers.length === 0
                  ? '—'
                  : place.offers.map((offer, index) => (
                      <span key={offer.tag}>
                        {index > 0 ? ', ' : ''}
                        <TagLink tag={offer.tag} /> ({formatCount(offer.ads)})
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LanguagesTable({ languages }: { languages: readonly LanguageCount[] }) {
  return (
    <div className="ai-table-box">
      <table className="ai-table" data-testid="ai-languages">
        <caption className="visually-hidden">Languages of the ads</caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col" className="ai-num">
              Ads
            </th>
            <th scope="col" className="ai-num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {languages.map((language) => (
            <tr key={language.tag}>
              <th scope="row">
                <TagLink tag={language.tag} />
              </th>
              <td className="ai-num">{formatCount(language.ads)}</td>
              <td className="ai-num">{percent(language.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
