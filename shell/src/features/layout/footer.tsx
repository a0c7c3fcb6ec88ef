import { Link } from 'react-router';

export function Footer({ businessName }: { businessName: string | null }) {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to="/pricing">Tests & pricing</Link>
            </li>
            <li>
              <Link to="/programs">Programs</Link>
            </li>
            <li>
              <Link to="/upload-results">Upload results</Link>
            </li>
            <li>
              <Link to="/account">Account</Link>
            </li>
          </ul>
        </nav>
        <p>Support: Monday to Friday, 9:00 AM to 3:00 PM New York time.</p>
        <p>
          © {new Date().getFullYear()} {businessName ?? 'Bloodwise'}. Lab tests are performed by
          CLIA-certified laboratories.
        </p>
      </div>
    </footer>
  );
}
