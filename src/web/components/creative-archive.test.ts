/**
 * Which file a row shows (creative.ts): the archived creative's thumbnail first, then the source
 * link, then nothing (the tile); and the archived files' URLs and download name (creative-files.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  creativeDownloadName,
  creativeFileUrl,
  creativeThumbUrl,
  type CreativeFiles,
} from '../../domain/media/creative-files.ts';
import { detailMedia, gridThumbnail, showsVideo, type CreativeSource } from './creative.ts';

const IMAGE = 'https://scontent.xx.fbcdn.net/v/t39.35426-6/480112233_n.jpg?oe=6816D5E6';
const VIDEO = 'https://video.xx.fbcdn.net/v/t42.1790-2/465001234_hd.mp4?oe=6816C3D4';
const POSTER = 'https://scontent.xx.fbcdn.net/v/t15.5256-10/465001234_n.jpg?oe=6816C3D4';

const image: CreativeFiles = { id: 'cr1', file: 'photo_ab12.jpg', poster: '', mime: 'image/jpeg' };
const video: CreativeFiles = {
  id: 'cr2',
  file: 'clip_cd34.mp4',
  poster: 'still_ef56.jpg',
  mime: 'video/mp4',
};
const row = (over: CreativeSource): CreativeSource => ({
  format: '',
  media_url: '',
  media_poster_url: '',
  card_count: 0,
  ...over,
});

describe('archived creative URLs', () => {
  it('serves the files and their thumbnails from the creatives collection', () => {
    expect(creativeFileUrl(image)).toBe('/api/files/creatives/cr1/photo_ab12.jpg');
    expect(creativeThumbUrl(image, '100x100')).toBe('/api/files/creatives/cr1/photo_ab12.jpg?thumb=100x100');
    // a video's thumbnails are its poster's
    expect(creativeThumbUrl(video, '400x0')).toBe('/api/files/creatives/cr2/still_ef56.jpg?thumb=400x0');
    expect(creativeThumbUrl({ ...video, poster: '' }, '100x100')).toBeNull();
  });

  it('names a download after the ad, with its type’s extension', () => {
    expect(creativeDownloadName(image, '1234567890')).toBe('ad-1234567890.jpg');
    expect(creativeDownloadName(video, '987')).toBe('ad-987.mp4');
    expect(creativeDownloadName({ ...image, mime: 'image/webp' }, '../x y')).toBe('ad-xy.webp');
    expect(creativeDownloadName(image, '')).toBe('ad-cr1.jpg');
  });
});

describe('gridThumbnail: archived thumbnail → source link → tile', () => {
  it('prefers the archived thumbnail over an (expiring) source link', () => {
    expect(gridThumbnail(row({ media_url: IMAGE }), image)).toBe(
      '/api/files/creatives/cr1/photo_ab12.jpg?thumb=100x100',
    );
    expect(gridThumbnail(row({ format: 'VIDEO', media_url: VIDEO }), video)).toBe(
      '/api/files/creatives/cr2/still_ef56.jpg?thumb=100x100',
    );
  });

  it('falls back to the source link, then to nothing', () => {
    expect(gridThumbnail(row({ media_url: IMAGE }), undefined)).toBe(IMAGE);
    // an archived video without a poster has no still: the source's poster shows
    expect(gridThumbnail(row({ media_url: VIDEO, media_poster_url: POSTER }), { ...video, poster: '' })).toBe(
      POSTER,
    );
    expect(gridThumbnail(row({}), undefined)).toBeNull();
  });

  it('marks a video by the archived file when there is one', () => {
    expect(showsVideo(row({ media_url: IMAGE }), video)).toBe(true);
    expect(showsVideo(row({ media_url: VIDEO, media_poster_url: POSTER }), image)).toBe(false);
    expect(showsVideo(row({ media_url: VIDEO, media_poster_url: POSTER }), undefined)).toBe(true);
  });
});

describe('detailMedia: what the detail view tries, in order', () => {
  it('the archived detail image, then the source link', () => {
    expect(detailMedia(row({ media_url: IMAGE }), image, false)).toEqual([
      { kind: 'image', src: '/api/files/creatives/cr1/photo_ab12.jpg?thumb=400x0', poster: '' },
      { kind: 'image', src: IMAGE, poster: '' },
    ]);
  });

  it('an archived video plays its file over its poster’s thumbnail', () => {
    expect(detailMedia(row({ media_url: VIDEO, media_poster_url: POSTER }), video, false)[0]).toEqual({
      kind: 'video',
      src: '/api/files/creatives/cr2/clip_cd34.mp4',
      poster: '/api/files/creatives/cr2/still_ef56.jpg?thumb=400x0',
    });
  });

  it('offline, an archived video shows its poster’s thumbnail (the full file is not kept); online it is the fallback', () => {
    const poster = { kind: 'image', src: '/api/files/creatives/cr2/still_ef56.jpg?thumb=400x0', poster: '' };
    expect(detailMedia(row({ media_url: VIDEO, media_poster_url: POSTER }), video, true)).toEqual([poster]);
    expect(detailMedia(row({ media_url: VIDEO, media_poster_url: POSTER }), video, false)[1]).toEqual(poster);
  });

  it('offline, only the archived file (it may be cached); nothing left means the tile', () => {
    expect(detailMedia(row({ media_url: IMAGE }), image, true)).toHaveLength(1);
    expect(detailMedia(row({ media_url: IMAGE }), undefined, true)).toEqual([]);
    expect(detailMedia(row({}), undefined, false)).toEqual([]);
  });
});
