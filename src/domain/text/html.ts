/**
 * The one HTML escape of the project's server-made HTML (the local billing pages, the account
 * mails, the report mails): text, including third-party ad text, goes into markup as text only.
 * Safe in element content and in double- or single-quoted attribute values; never put its output
 * into a script, a style, an unquoted attribute or a URL's scheme.
 */
export function escapeHtml(value: unknown): string {
  const text = String(value);
  // most text has none of the five: one test instead of five replaces (the hooks' VM is slow at
  // them, and a report mail escapes some 150 texts)
  if (!/[&<>"']/.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
