import { STATED_PROCESSING_TIME } from '../../../domain/index.ts';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function SearchPage() {
  return (
    <PagePlaceholder
      title="Scout Winning Ads"
      subtitle="Paste a Facebook Ad Library link, pick a country and keywords, and let AdScout collect the ads."
      coming={[
        'A scout form: search name, Ad Library link, target country, optional keywords and 1 to 1000 ads',
        `Live progress while a scout runs (usually ${STATED_PROCESSING_TIME})`,
        'Your remaining results, with a warning when they run low',
      ]}
    />
  );
}
