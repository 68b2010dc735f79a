import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <section className="hero">
      <h1>Where winning ads are found — not guessed.</h1>
      <p className="lead">
        Scout the ads your competitors are scaling, straight from Facebook&apos;s public Ad Library.
      </p>
      <Link className="button button-primary" to="/register">
        Start Now
      </Link>
    </section>
  );
}
