import { Link } from 'react-router';

export function NotFoundPage({ pathname }: { pathname: string }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title" data-page="not-found">
      <p className="not-found-code">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        We could not find <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <p className="not-found-links">
        <Link to="/">Go to the home page</Link>
        <Link to="/pricing">See tests and pricing</Link>
      </p>
    </section>
  );
}
