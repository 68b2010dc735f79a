import { BriefsStatus } from './briefs-status.tsx';

export function AiPage() {
  return (
    <section className="gate card">
      <h1>AI Features</h1>
      <p>Coming soon.</p>
      {/* issue 36: the lead places BriefsStatus on helper UI's page at merge */}
      <BriefsStatus />
    </section>
  );
}
