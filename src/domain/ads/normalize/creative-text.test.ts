import { describe, expect, it } from 'vitest';
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { creativeTextsOf, hasPlaceholder } from './creative-text.ts';
import { itemShapeOf } from './item-shapes.ts';

const texts = (item: Record<string, unknown>) => creativeTextsOf(itemShapeOf(item));

describe('creativeTextsOf: where the texts are', () => {
  it('reads strings, {text} and the legacy {markup: {__html}}', () => {
    expect(
      texts({
        snapshot: {
          title: 'Title',
          body: { markup: { __html: 'Caf&#233;<br>next &amp; more' } },
          caption: { text: 'shop.example' },
          cta_text: 42,
        },
      }),
    ).toMatchObject({ title: 'Title', body: 'Café\nnext & more', caption: 'shop.example', cta_text: '42' });
  });

  it('reads the first version of each Graph text array', () => {
    expect(
      texts({
        id: '1',
        ad_creative_link_titles: ['Title', 'Second version'],
        ad_creative_bodies: ['Body\n\n\nmore'],
        ad_creative_link_captions: ['www.shop.example'],
        ad_creative_link_descriptions: ['Description'],
      }),
    ).toEqual({
      title: 'Title',
      body: 'Body\n\nmore',
      caption: 'www.shop.example',
      link_description: 'Description',
      cta_text: '',
      cta_type: '',
    });
  });

  it('reads the singular texts of 2019 Graph records (API v3), after the arrays of later versions', () => {
    expect(
      texts({
        ad_creative_link_title: 'Title',
        ad_creative_body: 'Body',
        ad_creative_link_caption: 'shop.example',
        ad_creative_link_description: 'Description',
      }),
    ).toMatchObject({
      title: 'Title',
      body: 'Body',
      caption: 'shop.example',
      link_description: 'Description',
    });
    expect(texts({ ad_creative_bodies: ['Array'], ad_creative_body: 'Singular' }).body).toBe('Array');
    expect(texts({ ad_creative_bodies: [], ad_creative_body: 'Singular' }).body).toBe('Singular');
  });

  it('reads the fields of flattened items, and upper-case call-to-action types only', () => {
    expect(texts({ title: 'Flat', cta_type: 'shop_now' })).toMatchObject({
      title: 'Flat',
      cta_type: 'SHOP_NOW',
    });
    expect(texts({ snapshot: { cta_type: 'Shop now!' } }).cta_type).toBe('');
  });

  it('caps long text without splitting characters', () => {
    const capped = texts({
      snapshot: { body: { text: '😀'.repeat(15_000) }, title: `  ${'T'.repeat(5000)}  ` },
    });
    expect(capped.body.length).toBe(AD_TEXT_CAPS.body);
    expect(capped.body.endsWith('😀')).toBe(true);
    expect(capped.title).toBe('T'.repeat(AD_TEXT_CAPS.title));
  });
});

describe('creativeTextsOf: DPA/DCO templates', () => {
  it('takes text from the first card when a top-level value is a template', () => {
    const ad = texts({
      snapshot: {
        title: 'Get {{product.name}} now',
        body: { text: '{{product.brand}}' },
        link_description: '{{product.description}}',
        cta_text: '{{product.cta}}',
        cards: [
          {
            title: 'Card title',
            body: { text: 'Card body' },
            link_description: 'Card description',
            cta_text: 'Buy',
          },
          { title: 'Second card' },
        ],
      },
    });
    expect([ad.title, ad.body, ad.link_description, ad.cta_text]).toEqual([
      'Card title',
      'Card body',
      'Card description',
      'Buy',
    ]);
  });

  it('keeps a template with words when no card has better text, and drops a bare placeholder', () => {
    const ad = texts({
      snapshot: {
        title: 'Shop {{product.brand}} today',
        body: { text: '{{product.brand}}' },
        cards: [{ title: '{{product.name}}', body: ' {{product.description}} ' }],
      },
    });
    expect([ad.title, ad.body]).toEqual(['Shop {{product.brand}} today', '']);
  });

  it('hasPlaceholder finds {{…}} anywhere, across lines', () => {
    expect(['{{a}}', 'x {{product.\nname}} y', '{a}', '{{', ''].map(hasPlaceholder)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
