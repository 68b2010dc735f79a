import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function KeywordsPage() {
  return (
    <PagePlaceholder
      title="Keywords"
      subtitle="Curated keyword lists for every market"
      coming={['A keyword list for each of 15 languages and countries', 'Reset any list to its defaults']}
    />
  );
}
