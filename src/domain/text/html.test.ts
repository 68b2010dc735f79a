import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('turns hostile ad text into inert text, in content and in quoted attributes', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "' onmouseover='alert(1)",
      '<a href="javascript:alert(1)">win</a>',
      '&lt;already escaped&gt;',
      '<!-- comment --><style>*{display:none}</style>',
    ];
    for (const text of hostile) {
      const escaped = escapeHtml(text);
      expect(escaped).not.toMatch(/[<>"']/);
      // decoding the five entities gives the text back: nothing lost, nothing added
      const decoded = escaped
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      expect(decoded).toBe(text);
    }
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('writes any value as its text', () => {
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml(null)).toBe('null');
    expect(escapeHtml('Ümlaut — ok')).toBe('Ümlaut — ok');
  });
});
