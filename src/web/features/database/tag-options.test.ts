import { describe, expect, it } from 'vitest';
import { HOOK_TAGS, OFFER_TAGS, TAG_LANGUAGES } from '../../../domain/index.ts';
import { tagOptions } from './tag-options.ts';

describe('the tag picker’s options', () => {
  it('are every offer, hook and language, then the CTA types on the rows, then a tag picked beside them', () => {
    const options = tagOptions(
      [
        { tags: ['cta:shop_now', 'offer:price'] },
        { tags: null },
        { tags: ['cta:learn_more', 'cta:shop_now'] },
      ],
      ['cta:sign_up', 'offer:price', 'not a tag'],
    );
    const fixed = OFFER_TAGS.length + HOOK_TAGS.length + TAG_LANGUAGES.length;
    expect(options.length).toBe(fixed + 3);
    expect(options.slice(0, 2)).toEqual(['offer:percent_off', 'offer:buy_x_get_y']);
    expect(options.slice(fixed)).toEqual(['cta:learn_more', 'cta:shop_now', 'cta:sign_up']);
  });
});
