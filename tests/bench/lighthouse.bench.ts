/**
 * Lighthouse (the `lighthouse` npm package, its default mobile settings: a mid-range phone, slow
 * 4G and a 4× slower CPU, simulated) on the landing page, /login and /subscribe of the built PWA
 * served by PocketBase, in Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium). For each
 * page the median of three runs of the performance score, LCP, CLS and TBT, and the SEO score.
 * Each run starts from an empty cache (Lighthouse resets storage), as a first visit does.
 */
import * as chromeLauncher from 'chrome-launcher';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { CHROMIUM_ARGS, chromiumExecutable } from '../fixtures/chromium.ts';
import { audit, type NumericFigure, type RunFigures } from './lib/lighthouse-audit.ts';
import { startWebStack } from './lib/web-stack.ts';
import { median, type Benchmark, type Measurement } from './types.ts';

const RUNS = 3;

interface PageTarget {
  path: string;
  /**
   * Performance score target (0–100), LCP target (ms) when there is one, how much later than the
   * first contentful paint the largest may come (ms) when that is a target, CLS target.
   */
  performance: number;
  lcpMs?: number;
  lcpAfterFcpMs?: number;
  cls: number;
}

const PAGES: PageTarget[] = [
  { path: '/', performance: 95, lcpMs: 2000, cls: 0.05 },
  { path: '/login', performance: 90, lcpAfterFcpMs: 200, cls: 0.05 },
  { path: '/subscribe', performance: 90, cls: 0.05 },
];
/** Accessibility score target (0–100), every page. */
const ACCESSIBILITY = 98;

/**
 * The same-run reference: the least a page costs under the same simulated phone and network. One
 * HTML document with the landing page's heading and lead paragraph, no CSS, no script, no font,
 * served from loopback like the app; its LCP is one round of the document over slow 4G.
 */
const MINIMAL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>AdScout</title><meta name="description" content="The least a page costs, for reference."></head>
<body><h1>Where winning ads are found — not guessed.</h1>
<p>AdScout collects the ads your competitors are already scaling, straight from Facebook's public Ad Library, and keeps them in your own database to filter, sort and export.</p></body></html>`;

async function serveMinimalPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(MINIMAL_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const benchmark: Benchmark = {
  name: 'Lighthouse, mobile: landing, /login, /subscribe (median of 3)',
  async run() {
    const load = () => `${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;
    const loadAtStart = load();
    const stack = await startWebStack();
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumExecutable(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    const results: Measurement[] = [];
    const minimal = await serveMinimalPage();
    try {
      const reference: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) reference.push(await audit(minimal.url, chrome.port));
      const referenceLcp = median(reference.map((run) => run.lcp));
      console.log(
        `  reference (one HTML document, no CSS or script): LCP ${reference.map((run) => run.lcp.toFixed(0)).join(', ')} ms`,
      );
      results.push({
        benchmark: 'lighthouse',
        metric:
          'reference: a minimal page (one HTML document, no CSS, no script), mobile: largest contentful paint',
        value: referenceLcp,
        unit: 'ms',
        note: `the landing page's heading and lead paragraph alone, served from loopback by Node; the floor of the simulated phone and slow 4G; runs ${reference.map((run) => run.lcp.toFixed(0)).join(', ')} ms`,
      });
      for (const page of PAGES) {
        const runs: RunFigures[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(`${stack.url}${page.path}`, chrome.port));
        const pick = (key: NumericFigure) => median(runs.map((run) => run[key]));
        const performance = pick('performance');
        const lcp = pick('lcp');
        const fcp = pick('fcp');
        const lcpAfterFcp = median(runs.map((run) => run.lcp - run.fcp));
        const cls = pick('cls');
        const seo = pick('seo');
        const accessibility = pick('accessibility');
        const list = (key: NumericFigure, digits = 0) =>
          runs.map((run) => run[key].toFixed(digits)).join(', ');
        const name = page.path === '/' ? 'landing' : page.path;
        console.log(
          `  ${name}: performance ${list('performance')}; FCP ${list('fcp')} ms; LCP ${list('lcp')} ms; CLS ${list('cls', 3)}; TBT ${list('tbt')} ms; accessibility ${list('accessibility')}; SEO ${list('seo')}`,
        );
        results.push(
          {
            benchmark: 'lighthouse',
            metric: `${name}, mobile: performance score`,
            value: performance,
            unit: '/100',
            target: `≥ ${page.performance}`,
            met: performance >= page.performance,
            note: `runs ${list('performance')}; LCP ${list('lcp')} ms; TBT ${list('tbt')} ms; 1-min load average at the start: ${loadAtStart}`,
          },
          {
            benchmark: 'lighthouse',
            metric: `${name}, mobile: largest contentful paint`,
            value: lcp,
            unit: 'ms',
            ...(page.lcpMs ? { target: `≤ ${page.lcpMs} ms`, met: lcp <= page.lcpMs } : {}),
            note: `LCP element: ${runs[0]!.lcpElement}`,
          },
          {
            benchmark: 'lighthouse',
            metric: `${name}, mobile: LCP − FCP (median of the runs' differences)`,
            value: lcpAfterFcp,
            unit: 'ms',
            ...(page.lcpAfterFcpMs !== undefined
              ? { target: `≤ ${page.lcpAfterFcpMs} ms`, met: lcpAfterFcp <= page.lcpAfterFcpMs }
              : {}),
            note: `FCP ${fcp.toFixed(0)} ms (median); runs ${runs.map((run) => (run.lcp - run.fcp).toFixed(0)).join(', ')} ms`,
          },
          {
            benchmark: 'lighthouse',
            metric: `${name}, mobile: LCP / the minimal page's LCP (same run)`,
            value: lcp / referenceLcp,
            unit: '×',
            note: `${lcp.toFixed(0)} ms / ${referenceLcp.toFixed(0)} ms`,
          },
          {
            benchmark: 'lighthouse',
            metric: `${name}, mobile: cumulative layout shift`,
            value: cls,
            unit: '',
            target: `≤ ${page.cls}`,
            met: cls <= page.cls,
          },
          {
            benchmark: 'lighthouse',
            metric: `${name}: accessibility score`,
            value: accessibility,
            unit: '/100',
            target: `≥ ${ACCESSIBILITY}`,
            met: accessibility >= ACCESSIBILITY,
          },
          {
            benchmark: 'lighthouse',
            metric: `${name}: SEO score`,
            value: seo,
            unit: '/100',
            target: '100',
            met: seo === 100,
          },
        );
      }
      console.log(`  load average (1 min): ${loadAtStart} at the start, ${load()} at the end`);
      return results;
    } finally {
      minimal.server.close();
      chrome.kill();
      await stack.stop();
    }
  },
};

export default benchmark;
