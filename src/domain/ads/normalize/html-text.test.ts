import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text.ts';

describe('htmlToText', () => {
  it('turns breaks and closed blocks into line breaks and drops the other tags', () => {
    expect(htmlToText('<div>Summer is here!<br/>Get 30% off</div><p>Use <b>SUN30</b></p>')).toBe(
      'Summer is here!\nGet 30% off\nUse SUN30\n',
    );
  });

  it('decodes decimal and hex references, and keeps one that names no character', () => {
    expect(htmlToText('Caf&#233; &#x41;B &#0; &#xD800; &copy;<br>next')).toBe(
      'Café AB &#0; &#xD800; &copy;\nnext',
    );
  });

  it('decodes the named entities Facebook writes, after removing tags', () => {
    expect(htmlToText('&lt;today only&gt; &amp; &quot;free&quot; &apos;shipping&apos;&nbsp;!')).toBe(
      '<today only> & "free" \'shipping\' !',
    );
  });
});
