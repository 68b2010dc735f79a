import { describe, expect, it } from 'vitest';
import { chooseCreative, creativeStill, type CreativeSource } from './creative.ts';

const IMAGE = 'https://scontent.xx.fbcdn.net/v/t39.35426-6/480112233_n.jpg?oe=6816D5E6';
const VIDEO = 'https://video.xx.fbcdn.net/v/t42.1790-2/465001234_hd.mp4?_nc_cat=104&oe=6816C3D4';
const POSTER = 'https://scontent.xx.fbcdn.net/v/t15.5256-10/465001234_n.jpg?oe=6816C3D4';

const row = (over: CreativeSource): CreativeSource => ({
  format: '',
  media_url: '',
  media_poster_url: '',
  card_count: 0,
  ...over,
});

describe('chooseCreative: one creative per format', () => {
  it('an image ad shows its image', () => {
    expect(chooseCreative(row({ format: 'IMAGE', media_url: IMAGE }))).toEqual({
      kind: 'image',
      src: IMAGE,
      cards: 0,
      videoPreview: false,
    });
  });

  it('a video ad plays its video with its preview image as the poster', () => {
    expect(chooseCreative(row({ format: 'VIDEO', media_url: VIDEO, media_poster_url: POSTER }))).toEqual({
      kind: 'video',
      src: VIDEO,
      poster: POSTER,
      cards: 0,
    });
    // no poster from the source: still a video, by its file name or by its format
    expect(chooseCreative(row({ format: 'VIDEO', media_url: VIDEO }))).toEqual({
      kind: 'video',
      src: VIDEO,
      poster: '',
      cards: 0,
    });
    expect(chooseCreative(row({ format: '', media_url: 'https://cdn.example/clip.webm' })).kind).toBe(
      'video',
    );
    expect(chooseCreative(row({ format: 'VIDEO', media_url: 'https://cdn.example/stream?id=9' })).kind).toBe(
      'video',
    );
    // a poster marks a video whatever the format says (a DCO ad whose first card is a video)
    expect(
      chooseCreative(
        row({ format: 'DCO', media_url: 'https://cdn.example/v?id=1', media_poster_url: POSTER }),
      ),
    ).toMatchObject({ kind: 'video', poster: POSTER });
  });

  it('a video ad with only its preview image shows that image, marked as a preview', () => {
    expect(chooseCreative(row({ format: 'VIDEO', media_url: '/demo-media/portable-blender.svg' }))).toEqual({
      kind: 'image',
      src: '/demo-media/portable-blender.svg',
      cards: 0,
      videoPreview: true,
    });
    expect(chooseCreative(row({ format: 'VIDEO', media_poster_url: POSTER }))).toEqual({
      kind: 'image',
      src: POSTER,
      cards: 0,
      videoPreview: true,
    });
  });

  it('a carousel shows its first card and how many cards it has', () => {
    expect(chooseCreative(row({ format: 'CAROUSEL', media_url: IMAGE, card_count: 4 }))).toEqual({
      kind: 'image',
      src: IMAGE,
      cards: 4,
      videoPreview: false,
    });
    expect(chooseCreative(row({ format: 'MULTI_IMAGES', media_url: IMAGE, card_count: 3 })).kind).toBe(
      'image',
    );
    expect(chooseCreative(row({ format: 'DPA', media_url: IMAGE, card_count: 6 }))).toMatchObject({
      cards: 6,
    });
    // a carousel whose first card is a video
    expect(
      chooseCreative(row({ format: 'CAROUSEL', media_url: VIDEO, media_poster_url: POSTER, card_count: 2 })),
    ).toEqual({ kind: 'video', src: VIDEO, poster: POSTER, cards: 2 });
    // one card is no carousel; DCO cards are versions of one ad, not cards to browse
    expect(chooseCreative(row({ format: 'CAROUSEL', media_url: IMAGE, card_count: 1 }))).toMatchObject({
      cards: 0,
    });
    expect(chooseCreative(row({ format: 'DCO', media_url: IMAGE, card_count: 3 }))).toMatchObject({
      cards: 0,
    });
  });

  it('an ad without usable media shows nothing', () => {
    expect(chooseCreative(row({ format: 'IMAGE' }))).toEqual({ kind: 'none' });
    expect(chooseCreative({})).toEqual({ kind: 'none' });
    for (const unsafe of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '/api/collections/users/records',
      '//evil.example/x.jpg',
      // plain http: the page's CSP would refuse it (a broken image and a console error)
      'http://cdn.example/x.jpg',
    ]) {
      expect(
        chooseCreative(row({ format: 'IMAGE', media_url: unsafe, media_poster_url: unsafe })),
        unsafe,
      ).toEqual({
        kind: 'none',
      });
    }
    // an unsafe poster is dropped, the video stays
    expect(
      chooseCreative(row({ format: 'VIDEO', media_url: VIDEO, media_poster_url: 'javascript:x' })),
    ).toEqual({
      kind: 'video',
      src: VIDEO,
      poster: '',
      cards: 0,
    });
  });

  it('the demo catalogue’s own images count as media', () => {
    expect(
      chooseCreative(row({ format: 'IMAGE', media_url: '/demo-media/ab-roller-wheel.svg' })),
    ).toMatchObject({
      kind: 'image',
      src: '/demo-media/ab-roller-wheel.svg',
    });
  });
});

describe('creativeStill: what a thumbnail shows', () => {
  it('the image, a video’s poster, or nothing', () => {
    expect(creativeStill(chooseCreative(row({ media_url: IMAGE })))).toBe(IMAGE);
    expect(creativeStill(chooseCreative(row({ media_url: VIDEO, media_poster_url: POSTER })))).toBe(POSTER);
    expect(creativeStill(chooseCreative(row({ media_url: VIDEO })))).toBeNull();
    expect(creativeStill(chooseCreative(row({})))).toBeNull();
  });
});
