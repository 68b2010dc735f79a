import { useEffect, useId, useState } from 'react';
import { formatCount } from '../../../domain/index.ts';
import { PREFETCH_IMAGES, PREFETCH_THUMBS } from '../../../domain/media/creative-files.ts';
import {
  creativeCacheBytes,
  readOfflineCreatives,
  writeOfflineCreatives,
  type OfflineCreatives,
} from '../../data/browser/creative-cache.ts';

const OPTIONS: readonly { value: OfflineCreatives; label: string; hint: string }[] = [
  { value: 'off', label: 'Off', hint: 'Nothing is fetched ahead; creatives you viewed may still be kept.' },
  {
    value: 'thumbs',
    label: 'Thumbnails',
    hint: `After each sync, the thumbnails of your newest ${formatCount(PREFETCH_THUMBS)} creatives.`,
  },
  {
    value: 'images',
    label: 'Thumbnails and images',
    hint: `The thumbnails, and the detail images of your newest ${formatCount(PREFETCH_IMAGES)} creatives.`,
  },
];

/** Bytes as the card shows them: "12.3 MB", "1.2 GB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}

/** What is stored against the browser's quota, e.g. "12.3 MB of creatives stored · 1.2 GB available". */
function useStorageLine(choice: OfflineCreatives): string | null {
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      const stored = await creativeCacheBytes();
      const estimate = await navigator.storage?.estimate?.();
      const free = estimate?.quota !== undefined ? Math.max(0, estimate.quota - (estimate.usage ?? 0)) : null;
      if (!current) return;
      setLine(
        `${formatBytes(stored)} of creatives stored` +
          (free !== null ? ` · ${formatBytes(free)} available` : ''),
      );
    })().catch((error: unknown) => console.warn('[offline-creatives] storage estimate failed', error));
    return () => {
      current = false;
    };
  }, [choice]);
  return line;
}

/**
 * "Offline creatives" (docs/local-first.md#offline-creatives): how much of the archived creatives
 * this browser keeps for review without a network. A preference of this device, not the account.
 */
export function OfflineCreativesCard() {
  const [choice, setChoice] = useState<OfflineCreatives>(readOfflineCreatives);
  const titleId = useId();
  const hintId = useId();
  const storage = useStorageLine(choice);

  function choose(value: OfflineCreatives) {
    writeOfflineCreatives(value);
    setChoice(value);
  }

  return (
    <section className="card settings-card" aria-labelledby={titleId}>
      <h2 id={titleId}>Offline creatives</h2>
      <div
        role="radiogroup"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        className="offline-creatives-options"
      >
        {OPTIONS.map((option) => (
          <label key={option.value} className="checkbox-row">
            <input
              type="radio"
              name="offline-creatives"
              value={option.value}
              checked={choice === option.value}
              onChange={() => choose(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p id={hintId} className="muted">
        {OPTIONS.find((option) => option.value === choice)?.hint} Kept on this browser for review without a
        network; the least recently used files go first when the store is full, and all of them go when you
        sign out.
      </p>
      {storage && (
        <p className="muted" data-testid="offline-creatives-storage">
          {storage}
        </p>
      )}
    </section>
  );
}
