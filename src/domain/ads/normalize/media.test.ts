import { describe, expect, it } from 'vitest';
import { itemShapeOf } from './item-shapes.ts';
import { creativeMediaOf, formatOf } from './media.ts';

const media = (snapshot: Record<string, unknown>) => creativeMediaOf(itemShapeOf({ snapshot }));

describe('formatOf', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['videos', { videos: [{ video_sd_url: 'https://v.example/a.mp4' }] }, 'VIDEO'],
    ['two cards', { cards: [{}, {}] }, 'CAROUSEL'],
    ['images', { images: [{ original_image_url: 'https://i.example/a.jpg' }] }, 'IMAGE'],
    ['one video card', { cards: [{ video_hd_url: 'https://v.example/a.mp4' }] }, 'VIDEO'],
    ['one image card', { cards: [{ resized_image_url: 'https://i.example/a.jpg' }] }, 'IMAGE'],
    ['nothing', {}, ''],
    ['a named format wins', { display_format: 'multi_images', videos: [{}] }, 'MULTI_IMAGES'],
  ])('from %s', (_label, snapshot, format) => {
    expect(formatOf(itemShapeOf({ snapshot }))).toBe(format);
  });
});

describe('creativeMediaOf', () => {
  it('takes a video with its own preview image as the poster', () => {
    expect(
      media({
        images: [{ original_image_url: 'https://cdn.example/still.jpg' }],
        videos: [
          {
            video_sd_url: 'https://cdn.example/v_sd.mp4',
            video_preview_image_url: 'https://cdn.example/v_preview.jpg',
          },
        ],
      }),
    ).toEqual({
      media_url: 'https://cdn.example/v_sd.mp4',
      media_poster_url: 'https://cdn.example/v_preview.jpg',
      card_count: 0,
    });
  });

  it('takes a carousel’s first card, and counts the cards (or a multi-image ad’s images)', () => {
    const cards = [1, 2, 3, 4].map((n) => ({
      title: `Card ${n}`,
      original_image_url: `https://cdn.example/${n}.jpg`,
    }));
    expect(media({ display_format: 'CAROUSEL', cards })).toEqual({
      media_url: 'https://cdn.example/1.jpg',
      media_poster_url: '',
      card_count: 4,
    });
    const images = [1, 2].map((n) => ({ original_image_url: `https://cdn.example/${n}.jpg` }));
    expect(media({ display_format: 'MULTI_IMAGES', images })).toMatchObject({
      media_url: 'https://cdn.example/1.jpg',
      card_count: 2,
    });
  });

  it('keeps a preview image as the media of a video ad whose video link is missing, without a poster', () => {
    expect(
      media({
        display_format: 'VIDEO',
        videos: [{ video_preview_image_url: '/demo-media/portable-blender.svg' }],
      }),
    ).toEqual({ media_url: '/demo-media/portable-blender.svg', media_poster_url: '', card_count: 0 });
  });

  it('accepts the demo catalogue’s own image paths, and no other root-relative or unsafe link', () => {
    expect(media({ images: [{ original_image_url: '/demo-media/ab-roller-wheel.svg' }] }).media_url).toBe(
      '/demo-media/ab-roller-wheel.svg',
    );
    for (const unsafe of ['/api/collections/users/records', '//evil.example/x.jpg', '/demo-media/../x.svg']) {
      expect(media({ images: [{ original_image_url: unsafe }] }).media_url, unsafe).toBe('');
      const video = media({
        videos: [{ video_hd_url: 'https://cdn.example/v.mp4', video_preview_image_url: unsafe }],
      });
      expect(video.media_poster_url, unsafe).toBe('');
    }
  });

  it('reads the media of a flattened item, without a snapshot', () => {
    const flat = { ad_archive_id: '1', videos: [{ video_hd_url: 'https://cdn.example/hd.mp4' }] };
    expect(creativeMediaOf(itemShapeOf(flat)).media_url).toBe('https://cdn.example/hd.mp4');
  });
});
