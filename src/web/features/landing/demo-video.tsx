import { isHttpUrl } from '../../../domain/text/url.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { PlayIcon } from './landing-icons.tsx';

/**
 * The demo video of "How It Works": the configured video (DEMO_VIDEO_URL) in an embedded frame,
 * or, when none is configured or the browser is offline, a poster that says so — never a broken frame.
 */
export function DemoVideo() {
  const { demoVideoUrl } = usePublicConfig();
  const online = useConnectivity() === 'online';
  const url = demoVideoUrl.trim();

  if (online && url !== '' && isHttpUrl(url)) {
    return (
      <iframe
        className="video-frame landing-video"
        src={url}
        title="AdScout demo video: how to scout winning ads"
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }

  return (
    <div className="video-poster landing-video" role="group" aria-label="Demo video">
      <span className="video-poster-icon">
        <PlayIcon />
      </span>
      <p className="video-poster-title">The demo video is unavailable right now.</p>
      <p className="video-poster-text">
        {online ? 'Here is how AdScout works, in three steps:' : "You're offline. Here is how AdScout works:"}
      </p>
      <ol className="video-poster-steps">
        <li>
          <strong>Search</strong> your target market and keywords.
        </li>
        <li>
          <strong>Analyze</strong> the performance data of every ad.
        </li>
        <li>
          <strong>Scale</strong> by replicating proven strategies.
        </li>
      </ol>
    </div>
  );
}
