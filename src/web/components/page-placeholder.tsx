import type { ReactNode } from 'react';

/** A page whose tools are not built yet: its title, and an honest list of what will be here. */
export function PagePlaceholder({
  title,
  subtitle,
  coming,
  children,
}: {
  title: string;
  subtitle?: string;
  coming: readonly string[];
  children?: ReactNode;
}) {
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </header>
      <section className="placeholder" aria-label="Coming to this page">
        <h2>Being built</h2>
        <p>This page is part of the next release. Here is what it will do:</p>
        <ul className="check-list">
          {coming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {children}
      </section>
    </>
  );
}
