import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function HistoryPage() {
  return (
    <PagePlaceholder
      title="Search History"
      subtitle="View all your previous ad scouting searches"
      coming={[
        'Every scout you ran, with its status, country, keywords and result count',
        'Filter and sort by name, country, keywords, date or results',
        "Each run's results in a table, and a CSV export per run",
      ]}
    />
  );
}
