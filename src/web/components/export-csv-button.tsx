/** "Export CSV", wherever a page has one (use-csv-download.ts builds and saves the file). */
import { DownloadIcon } from './icons.tsx';

export function ExportCsvButton({ onExport, exporting }: { onExport: () => void; exporting: boolean }) {
  return (
    <button type="button" className="button button-primary" onClick={onExport} aria-busy={exporting}>
      <DownloadIcon />
      Export CSV
    </button>
  );
}
