/**
 * Opens a page in a new tab for a URL that is only known after a request (checkout, portal).
 * The tab is opened at once, inside the click, so popup blockers allow it; it is pointed at the
 * URL when it arrives, or closed when the request fails.
 */
export async function openInNewTab(load: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    tab.document.title = 'Loading…';
  }
  try {
    const url = await load();
    if (tab && !tab.closed) tab.location.href = url;
    else window.location.assign(url); // popups blocked: continue in this tab
  } catch (error) {
    tab?.close();
    throw error;
  }
}
