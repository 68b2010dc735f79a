/** File downloads of what the browser built (CSV exports). */
import { yieldToPage } from './yield-to-page.ts';

const CSV_TYPE = 'text/csv;charset=utf-8';

/** Saves a file the browser holds (built, or fetched from the server) as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves text the browser built as a file download. */
export function downloadTextFile(fileName: string, text: string, type = CSV_TYPE): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/**
 * Saves a file built piece by piece: each piece is turned into UTF-8 bytes as soon as it is built
 * (no one string of the whole file, and no 35 MB conversion when the Blob is made at the end),
 * and the page gets its turn between pieces, so a 35 MB export does not block input while it is
 * built.
 */
export async function downloadFileInParts(
  fileName: string,
  pieces: Iterable<string>,
  type = CSV_TYPE,
): Promise<void> {
  const encoder = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (const piece of pieces) {
    parts.push(encoder.encode(piece));
    await yieldToPage();
  }
  downloadBlob(fileName, new Blob(parts, { type }));
}
