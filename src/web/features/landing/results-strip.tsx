import { useRef } from 'react';
import { useIsClient } from '../../components/use-is-client.ts';
import { ArrowIcon } from './landing-icons.tsx';

/** The six images of public/marketing/: sample screenshots until real customer results replace them. */
const RESULTS = [
  {
    src: '/marketing/result-1.svg',
    alt: 'Sample store dashboard: a sales chart rising over 30 days above a list of paid orders',
    caption: 'Sales overview',
  },
  {
    src: '/marketing/result-2.svg',
    alt: "Sample store dashboard: today's order list, every order paid or fulfilled",
    caption: 'Order list',
  },
  {
    src: '/marketing/result-3.svg',
    alt: 'Sample store dashboard: daily sales bars growing from Monday to Sunday, next to the top product',
    caption: 'Sales by day',
  },
  {
    src: '/marketing/result-4.svg',
    alt: 'Sample phone screen: a stack of new-order notifications',
    caption: 'Order notifications',
  },
  {
    src: '/marketing/result-5.svg',
    alt: 'Sample ad campaign report: three ads compared, the winning ad far ahead',
    caption: 'Ad campaign report',
  },
  {
    src: '/marketing/result-6.svg',
    alt: 'Sample store dashboard: a conversion funnel and a chart of traffic sources',
    caption: 'Conversion funnel',
  },
] as const;

/** A horizontally scrolling, keyboard-scrollable strip of the six result screenshots. */
export function ResultsStrip() {
  const strip = useRef<HTMLDivElement>(null);
  const isClient = useIsClient(); // a prerendered button does nothing until the page hydrated

  function scrollBy(direction: -1 | 1) {
    const element = strip.current;
    if (!element) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth * 0.8,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  return (
    <div className="results">
      <div
        ref={strip}
        id="results-strip"
        className="marquee results-strip"
        role="region"
        aria-label="Sample store results, scrolls sideways"
        tabIndex={0}
      >
        {RESULTS.map((result) => (
          <figure key={result.src}>
            <img src={result.src} alt={result.alt} width={640} height={440} loading="lazy" decoding="async" />
            <figcaption>{result.caption} · sample screenshot</figcaption>
          </figure>
        ))}
      </div>
      <div className="results-controls">
        <button
          type="button"
          className="button button-secondary results-arrow"
          aria-controls="results-strip"
          disabled={!isClient}
          aria-label="Scroll to previous screenshots"
          onClick={() => scrollBy(-1)}
        >
          <ArrowIcon direction="left" />
        </button>
        <button
          type="button"
          className="button button-secondary results-arrow"
          aria-controls="results-strip"
          disabled={!isClient}
          aria-label="Scroll to next screenshots"
          onClick={() => scrollBy(1)}
        >
          <ArrowIcon direction="right" />
        </button>
      </div>
    </div>
  );
}
