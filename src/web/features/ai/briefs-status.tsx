/**
 * What the AI page says about briefs (docs/ai.md#briefs): with briefs on, what they are and how
 * many are left this month; without, that the server's operator can turn them on. The words come
 * from the server's answer (or the last one, offline): nothing is claimed that the server did not say.
 */
import { BRIEF_MESSAGES, briefsLeftText } from '../../../domain/briefs/brief-contract.ts';
import { useBriefsStatus } from '../../data/local/briefs.ts';
import './briefs.css';

export function BriefsStatus() {
  const state = useBriefsStatus();
  return (
    <section
      className="card briefs-status"
      aria-labelledby="briefs-status-heading"
      data-testid="briefs-status"
    >
      <h2 id="briefs-status-heading">Briefs</h2>
      {state.status === 'loading' && <p className="muted">Loading…</p>}
      {state.status === 'error' && (
        <p className="muted">Whether briefs are on could not be loaded. Please reload the page.</p>
      )}
      {state.status === 'ready' &&
        (state.briefs.enabled ? (
          <>
            <p>
              A brief is a plan for a new ad, written by the AI model this server is connected to from an ad’s
              copy and the text on its creative: the angle, the hook, the offer, a short script outline and
              three new hook lines, in the ad’s language. Open an ad in the Database and choose “Write a
              brief”, or “Brief” on a product in Insights.
            </p>
            <p data-testid="briefs-status-left">{briefsLeftText(state.briefs)}.</p>
            <p className="muted">
              Each brief sends the ad’s copy to the model provider this server’s operator chose. Briefs you
              wrote stay readable offline.
            </p>
          </>
        ) : (
          <>
            <p>{BRIEF_MESSAGES.off}</p>
            <p className="muted">{BRIEF_MESSAGES.offHint}</p>
          </>
        ))}
    </section>
  );
}
