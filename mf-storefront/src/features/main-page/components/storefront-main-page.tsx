import { Link } from 'react-router';
import { StorefrontStyles } from '../../shared/storefront-styles';
import { usePartner } from '../../shared/use-partner';

export function StorefrontMainPage() {
  const partner = usePartner();
  const c: Record<string, unknown> = partner.customization ?? {};
  const heroImage = partner.image(c.mainPageImage);
  const steps = [
    { title: 'Order', text: 'Choose a test and we ship the kit to your door.' },
    { title: 'Collect', text: 'A finger-prick sample at home, in about five minutes.' },
    { title: 'Results', text: 'Lab-certified results online, explained marker by marker.' },
  ];
  return (
    <div className="sf-page" style={{ ['--sf-primary' as string]: partner.primaryColor }}>
      <StorefrontStyles />
      <section className="sf-hero" aria-labelledby="sf-title">
        <div>
          <h1 id="sf-title">{partner.text(c.mainPageTitle, `At-home blood testing with ${partner.businessName}`)}</h1>
          <p>{partner.text(c.mainPageDescription, 'Know your numbers with Bloodwise lab tests, offered to you by your partner.')}</p>
          <Link className="sf-cta" to="pricing">
            See tests and pricing
          </Link>
        </div>
        {heroImage && <img src={heroImage} alt="" />}
      </section>
      <section aria-labelledby="sf-steps-title">
        <h2 id="sf-steps-title">How it works</h2>
        <ol className="sf-steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h3 style={{ margin: '0 0 6px' }}>{step.title}</h3>
              <p style={{ margin: 0 }}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      {typeof c.companyDescription === 'string' && (
        <section aria-labelledby="sf-about-title">
          <h2 id="sf-about-title">{partner.text(c.aboutTitle, `About ${partner.businessName}`)}</h2>
          <p>{partner.text(c.companyDescription, '')}</p>
        </section>
      )}
    </div>
  );
}
