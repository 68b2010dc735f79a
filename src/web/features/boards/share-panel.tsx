/**
 * "Share" on a board's page (docs/boards.md#sharing): turns on a public link and shows it with
 * "Copy link"; "Make a new link" (the old one stops at once), "Stop sharing", and "Include my
 * notes". Each needs the server, so offline the panel says so and offers none of them.
 */
import { useState } from 'react';
import type { BoardShare } from '../../../domain/boards/board-contract.ts';
import { SHARED_BOARD_PATH_PREFIX } from '../../../domain/boards/board-limits.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { useToast } from '../../components/toast.tsx';
import type { LocalBoard } from '../../data/local/boards.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { setShareNotes, shareBoard, stopSharing } from '../../data/server/board-share.ts';
import { errorMessage, pb } from '../../data/server/client.ts';
import { BOARD_TEXT } from './board-text.ts';

export function SharePanel({ board }: { board: LocalBoard }) {
  const toast = useToast();
  const offline = useConnectivity() !== 'online';
  // the server's answer until the board's own record (realtime, the next pull) catches up
  const [answer, setAnswer] = useState<BoardShare | null>(null);
  const [busy, setBusy] = useState(false);
  const token = answer?.token ?? board.share_token;
  const notes = answer?.notes ?? board.share_notes;
  const url = answer?.url ?? (token ? `${window.location.origin}${SHARED_BOARD_PATH_PREFIX}${token}` : '');
  const shared = Boolean(token);

  async function run(action: () => Promise<BoardShare | null>) {
    setBusy(true);
    try {
      const next = await action();
      setAnswer(next ?? { url: '', token: '', notes });
    } catch (error) {
      console.error('[boards] sharing failed', error);
      toast.error(errorMessage(error, 'Sharing failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(BOARD_TEXT.linkCopied);
    } catch {
      toast.info(url);
    }
  }

  if (board.pending && !board.updated)
    return <p className="muted">The board can be shared once it has reached the server.</p>;

  return (
    <section className="share-panel" aria-labelledby="share-heading" data-testid="share-panel">
      <h2 id="share-heading">Share</h2>
      {offline ? (
        <OfflineHint offline action="Sharing" />
      ) : !shared ? (
        <>
          <p className="muted">
            Anyone with the link can see this board, without an account. Your email is never shown.
          </p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(() => shareBoard(pb, board.id))}
          >
            Share
          </button>
        </>
      ) : (
        <>
          <label htmlFor="share-url" className="visually-hidden">
            Link to the shared board
          </label>
          <div className="row">
            <input
              id="share-url"
              className="input share-url"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="button" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
          <label className="share-notes">
            <input
              type="checkbox"
              checked={notes}
              disabled={busy}
              onChange={(event) => void run(() => setShareNotes(pb, board.id, event.target.checked))}
            />{' '}
            Include my notes
          </label>
          <div className="row">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void run(() => shareBoard(pb, board.id))}
            >
              Make a new link
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void run(() => stopSharing(pb, board.id).then(() => null))}
            >
              Stop sharing
            </button>
          </div>
        </>
      )}
    </section>
  );
}
