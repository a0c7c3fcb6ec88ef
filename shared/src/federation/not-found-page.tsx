// "Page not found": the shell's, for a path no area claims, and each area's, for a path inside its
// prefixes that it has no page for. Its links resolve inside the area (a storefront's go to the
// partner's pages); its look is the shell's stylesheet.
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
