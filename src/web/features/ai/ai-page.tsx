export function AiPage() {
  return (
    <section className="gate card">
      <h1>AI Features</h1>
      <p>Coming soon.</p>
    </section>
  );
}
