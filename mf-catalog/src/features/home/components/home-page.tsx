import Card from 'antd/es/card';
import { Link } from 'react-router';
import { CatalogStyles } from '../../shared/catalog-styles';
import { CtaLink } from '../../shared/cta-link';
import { FEATURED_TESTS, HOW_IT_WORKS } from '../home-content';

export function HomePage() {
  return (
    <div className="cat-page">
      <CatalogStyles />
      <section className="cat-hero" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">Know your numbers. Test your blood at home.</h1>
          <p>
            Doctor-reviewed lab tests with a finger-prick kit delivered to your door. Collect a sample in five minutes,
            send it back in the prepaid envelope and read clear results online within days.
          </p>
          <div className="cat-actions">
            <CtaLink to="/pricing">See tests and pricing</CtaLink>
            <CtaLink to="/quiz/which-test-is-right-for-me" variant="secondary">
              Which test is right for me?
            </CtaLink>
          </div>
        </div>
        <div className="cat-hero-card">
          <ul>
            <li>CLIA-certified partner labs</li>
            <li>Results explained marker by marker</li>
            <li>Free shipping both ways in the US</li>
            <li>Retest every quarter to track your progress</li>
          </ul>
        </div>
      </section>

      <section className="cat-section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="cat-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="cat-step">
              <span className="cat-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 style={{ margin: '4px 0 6px' }}>{step.title}</h3>
              <p style={{ margin: 0, color: '#3d5358' }}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="cat-section" aria-labelledby="featured-title">
        <h2 id="featured-title">Popular tests</h2>
        <div className="cat-grid">
          {FEATURED_TESTS.map((test) => (
            <Card key={test.title} title={<h3 style={{ margin: 0, fontSize: '1.1rem' }}>{test.title}</h3>}>
              <p style={{ marginTop: 0 }}>{test.text}</p>
              <Link className="cat-card-link" to={test.to}>
                {test.linkText}
              </Link>
            </Card>
          ))}
        </div>
      </section>

      <section className="cat-section">
        <div className="cat-banner">
          <div>
            <h2>Already tested somewhere else?</h2>
            <p>Upload your lab results for free and get them explained.</p>
          </div>
          <CtaLink to="/upload-results" variant="primary">
            Upload results
          </CtaLink>
        </div>
      </section>
    </div>
  );
}
