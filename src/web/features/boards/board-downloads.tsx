/**
 * A board's "Export CSV" and "Download creatives" (board-export.ts), with the ZIP's progress bar
 * (on every way of saving it: the bar counts the ads whose files the ZIP has taken, as the disk
 * asks for more), a word when this browser can only build it in memory, and, when done, which
 * originals it could not hold.
 */
import { useState } from 'react';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { downloadBlob } from '../../components/download.ts';
import { useToast } from '../../components/toast.tsx';
import { useCsvDownload } from '../../components/use-csv-download.ts';
import { controllingWorker, DownloadCancelledError } from '../../data/browser/stream-download.ts';
import type { LocalBoard } from '../../data/local/boards.ts';
import { archivedCreative } from '../../data/local/creative-index.ts';
import {
  boardCsvChunks,
  boardFileName,
  boardZipEntries,
  cachedCreative,
  saveZip,
  type BoardRow,
  type ZipProgress,
  type ZipWay,
} from './board-export.ts';
import { BOARD_TEXT } from './board-text.ts';

export function BoardDownloads({
  board,
  rows,
  offline,
}: {
  board: LocalBoard;
  rows: BoardRow[];
  offline: boolean;
}) {
  const csv = useCsvDownload('boards');
  const toast = useToast();
  const [progress, setProgress] = useState<ZipProgress | null>(null);
  const [way, setWay] = useState<ZipWay | null>(null);

  const exportCsv = () =>
    csv.download(() =>
      rows.length === 0
        ? null
        : { name: boardFileName(board.name, new Date(), 'csv'), pieces: boardCsvChunks(rows) },
    );

  async function downloadCreatives() {
    if (rows.length === 0 || progress) return;
    setProgress({ done: 0, total: rows.length });
    let missing = 0;
    // stops a file's fetch still under way when the download ends early (cancelled, failed)
    const fetches = new AbortController();
    try {
      const entries = boardZipEntries(rows, [...boardCsvChunks(rows)].join(''), {
        creativeOf: archivedCreative,
        fetchFile: (url) => fetch(url, { credentials: 'same-origin', signal: fetches.signal }),
        cached: cachedCreative,
        offline,
        onProgress: setProgress,
      });
      async function* counted() {
        for await (const entry of entries) {
          if (entry.name === 'MISSING.txt') missing = String(entry.input).trim().split('\r\n').length - 1;
          yield entry;
        }
      }
      await saveZip(boardFileName(board.name, new Date(), 'zip'), counted(), {
        worker: controllingWorker(),
        download: downloadBlob,
        onWay: setWay,
      });
      toast.success(
        missing === 0
          ? 'Creatives downloaded'
          : `Creatives downloaded; ${missing} ${missing === 1 ? 'original is' : 'originals are'} missing (listed in MISSING.txt)`,
      );
    } catch (error) {
      if (error instanceof DownloadCancelledError) toast.info(BOARD_TEXT.downloadCancelled);
      else if ((error as { name?: string }).name !== 'AbortError') {
        console.error('[boards] download failed', error);
        toast.error('The download failed. Please try again.');
      }
    } finally {
      fetches.abort();
      setProgress(null);
      setWay(null);
    }
  }

  return (
    <div className="row board-downloads">
      <ExportCsvButton onExport={() => void exportCsv()} exporting={csv.exporting} />
      <button
        type="button"
        className="button button-secondary"
        disabled={progress !== null}
        onClick={() => void downloadCreatives()}
      >
        Download creatives
      </button>
      {progress && (
        <label className="board-progress">
          Preparing the ZIP: {progress.done} of {progress.total}
          <progress max={progress.total} value={progress.done} />
        </label>
      )}
      {progress && way === 'memory' && <p className="muted">{BOARD_TEXT.zipInMemory}</p>}
      {offline && (
        <p className="muted">
          Offline: the ZIP holds the cached thumbnails and lists the originals it is missing.
        </p>
      )}
    </div>
  );
}
