import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SW_DOWNLOADS_MAIN, SW_DOWNLOADS_SCRIPT } from './scripts/lib/entries.mjs';
import { ROOT } from './scripts/lib/paths.mjs';
import {
  CREATIVE_FILES_PATH,
  CREATIVES_CACHE_MAX_ENTRIES,
  CREATIVES_CACHE_NAME,
} from './src/domain/media/creative-files.ts';
import { SHARED_BOARD_PATH_PREFIX } from './src/domain/boards/board-contract.ts';
import { STREAM_DOWNLOAD_PREFIX } from './src/domain/downloads/stream-download.ts';
import { APP_HOME, ROUTES } from './src/domain/pages/routes.ts';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_PREFIX } from './src/domain/text/url.ts';
import { demoMediaSources } from './src/demo-library/media.ts';
import { demoMediaType, renderDemoMedia, writeDemoMedia } from './src/demo-library/media-render.ts';

const THEME_COLOR = '#0f172a';

/**
 * The demo catalogue's creatives (src/demo-library/media.ts), rendered, never committed:
 * the build writes them into <outDir>/demo-media/ (renders cached in node_modules/.cache), the dev
 * server answers them. The committed videos come from public/demo-media/ as every public file.
 */
function demoMedia(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'adscout-demo-media',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      const sources = demoMediaSources();
      const rendered = new Map<string, Promise<Buffer>>();
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const name = path.startsWith(DEMO_MEDIA_PREFIX) ? path.slice(DEMO_MEDIA_PREFIX.length) : '';
        const source = sources.get(name);
        if (!source) return next();
        let bytes = rendered.get(name);
        if (!bytes) rendered.set(name, (bytes = renderDemoMedia(source)));
        bytes.then((data) => {
          res.setHeader('Content-Type', demoMediaType(name));
          res.end(data);
        }, next);
      });
    },
    async writeBundle() {
      if (ssr) return;
      await writeDemoMedia(join(outDir, DEMO_MEDIA_DIR), {
        cacheDir: join(ROOT, 'node_modules', '.cache', 'adscout-demo-media'),
      });
    },
  };
}

/**
 * The service worker's streamed downloads (src/web/sw-downloads.ts), bundled into one classic
 * script at the root of the build, which the generated worker imports (`importScripts` below):
 * workbox's generateSW takes no module of ours. Written before vite-plugin-pwa lists the build's
 * files, so it is precached with the rest.
 */
function serviceWorkerDownloads(): Plugin {
  let ssr = false;
  return {
    name: 'adscout-sw-downloads',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async generateBundle() {
      if (ssr) return;
      const built = await esbuild({
        entryPoints: [join(ROOT, SW_DOWNLOADS_MAIN)],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        logLevel: 'warning',
      });
      const [script] = built.outputFiles;
      if (!script) throw new Error(`esbuild made nothing of ${SW_DOWNLOADS_MAIN}`);
      this.emitFile({ type: 'asset', fileName: SW_DOWNLOADS_SCRIPT, source: script.text });
    },
  };
}

/** The archived creatives' thumbnails (`?thumb=`), e.g. /api/files/creatives/{id}/{name}?thumb=100x100. */
const CREATIVE_THUMB_URL = new RegExp(`${CREATIVE_FILES_PATH.replaceAll('/', '\\/')}[^?#]+\\?thumb=`);

export default defineConfig({
  plugins: [
    react(),
    demoMedia(),
    serviceWorkerDownloads(),
    VitePWA({
      // A new version waits for the user's 'Reload' (src/web/app/update-prompt.tsx): an automatic
      // reload could lose a half-filled form.
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'AdScout — scout winning Facebook ads',
        short_name: 'AdScout',
        description:
          'Find, study and export the Facebook ads your competitors are scaling, and review them offline.',
        lang: 'en',
        start_url: ROUTES[APP_HOME].path,
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#f6f8fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only. User data lives in IndexedDB; the one runtime cache is the archived
        // creatives' thumbnails below.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        // The demo catalogue's creatives are ad media, not the shell: fetched when an ad is
        // shown (or archived), never precached (tests/e2e/pwa.e2e.ts checks the precache).
        globIgnores: [`${DEMO_MEDIA_DIR}/**`],
        navigateFallback: '/index.html',
        // PocketBase's API and admin UI share the origin, a shared board's page is an entry of
        // its own (vite.share.config.ts), and a streamed download is answered by sw-downloads.js:
        // never answer them with the app shell.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/_\//,
          new RegExp(`^${SHARED_BOARD_PATH_PREFIX}`),
          new RegExp(`^${STREAM_DOWNLOAD_PREFIX}`),
        ],
        cleanupOutdatedCaches: true,
        // Offline creatives (docs/local-first.md#offline-creatives): a thumbnail's URL (record id,
        // random file name, size) never changes content, so the cache answers first. Bounded, the
        // least recently used first; the app's prefetch writes into the same cache
        // (src/web/data/browser/creative-cache.ts). Full files (a video is played by Range
        // requests, and may be tens of MB) always come from the network.
        runtimeCaching: [
          {
            urlPattern: CREATIVE_THUMB_URL,
            handler: 'CacheFirst',
            options: {
              cacheName: CREATIVES_CACHE_NAME,
              expiration: { maxEntries: CREATIVES_CACHE_MAX_ENTRIES, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        // the click handler of "scout finished" notifications (src/web/data/browser/notifications.ts),
        // and the streamed downloads (serviceWorkerDownloads above); imported before workbox's
        // routes are made, so their fetch handler is the first to see a download's request
        importScripts: ['/sw-notifications.js', `/${SW_DOWNLOADS_SCRIPT}`],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which CSS and chunks each public page needs (scripts/prerender.mjs)
    manifest: true,
    // AG Grid is one ~720 KB chunk, loaded only with the Database page (far below the 2 MiB
    // precache limit); every other chunk is well under Vite's default 500 KB warning.
    chunkSizeWarningLimit: 800,
  },
  server: {
    // `npm run dev` talks to a PocketBase started by `npm start` on the default address.
    proxy: { '/api': 'http://127.0.0.1:8090', '/_': 'http://127.0.0.1:8090' },
  },
});
