import { useState } from 'react';
import { PRODUCT_MESSAGES } from '../../../domain/index.ts';
import { OfflineHint } from '../../components/offline-hint.tsx';
import { downloadBlob } from '../../components/download.ts';
import { useToast } from '../../components/toast.tsx';
import { fetchMyData } from '../../data/server/account.ts';
import { errorMessage } from '../../data/server/client.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';

/**
 * Settings → Download my data (docs/accounts.md#download-my-data): one JSON file of everything the account
 * holds.
 */
export function DownloadDataCard() {
  const toast = useToast();
  const online = useConnectivity() === 'online';
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { fileName, blob } = await fetchMyData();
      downloadBlob(fileName, blob);
      toast.success(PRODUCT_MESSAGES.dataDownloaded);
    } catch (error) {
      toast.error(errorMessage(error, PRODUCT_MESSAGES.dataDownloadFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-card" aria-labelledby="download-data-title">
      <h2 id="download-data-title">Download My Data</h2>
      <p>
        One JSON file with your account, subscription, scouts, keyword lists, usage and account history, and
        every result with the Database columns.
      </p>
      <OfflineHint offline={!online} action="downloading your data" />
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void download()}
        disabled={busy || !online}
      >
        {busy ? 'Preparing…' : 'Download My Data'}
      </button>
    </section>
  );
}
