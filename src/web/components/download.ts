/** Saves text the browser built (a CSV export) as a file download. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

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
