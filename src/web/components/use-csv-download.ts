/**
 * "Export CSV" wherever a page has one (the Database page, the Insights page's tables): the file
 * built in pieces (download.ts), the product's toasts (nothing to export, done, failed), and no
 * second export while one is being built.
 */
import { useState } from 'react';
import { MESSAGES } from '../../domain/index.ts';
import { downloadFileInParts } from './download.ts';
import { useToast } from './toast.tsx';

/** What to save: the file's name and its pieces; null when there is nothing to export. */
export type CsvFile = { name: string; pieces: Iterable<string> } | null;

/**
 * `download(build)` saves what `build` returns; `area` names the page in the log of a failure;
 * `savedMark`, a performance mark once a file is saved (for the benchmarks).
 */
export function useCsvDownload(
  area: string,
  savedMark?: string,
): {
  exporting: boolean;
  download(build: () => CsvFile): Promise<void>;
} {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const download = async (build: () => CsvFile) => {
    if (exporting) return;
    try {
      const file = build();
      if (!file) {
        toast.info(MESSAGES.noResultsToExport);
        return;
      }
      setExporting(true);
      await downloadFileInParts(file.name, file.pieces);
      if (savedMark) performance.mark(savedMark);
      toast.success(MESSAGES.exportSuccessful);
    } catch (error) {
      console.error(`[${area}] export failed`, error);
      toast.error(MESSAGES.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download };
}
