import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function DatabasePage() {
  return (
    <PagePlaceholder
      title="Search Database"
      subtitle="View all your scouted ad results"
      coming={[
        'All your scouted ads in one table with 24 columns',
        'Filters by country, keywords and store name, and a column picker',
        'CSV export of the visible columns and filtered rows',
        'Available offline on this device',
      ]}
    />
  );
}
