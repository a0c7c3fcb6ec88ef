import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { formatMoney } from '@shop/shared/format/money';
import { intervalLabel } from '@shop/shared/catalog/recurring-interval';
import { useShell } from '@shop/shared/federation/remote-root';
import { CatalogStyles } from '../../shared/catalog-styles';
import { CtaLink } from '../../shared/cta-link';
import { PRICING_PLANS } from '../pricing-plans';

export function PricingPage() {
  const { preloadArea } = useShell();
  return (
    <div className="cat-page">
      <CatalogStyles />
      <h1 style={{ fontSize: 'clamp(1.8rem, 4vw, 2.6rem)', margin: '8px 0 8px', color: '#12343b' }}>Tests and pricing</h1>
      <p style={{ fontSize: '1.1rem', color: '#3d5358', maxWidth: '40em' }}>
        Every kit includes lab fees, prepaid return shipping and a results report you can share with your doctor.
      </p>
      {/* Warm up the checkout area while the visitor compares plans. */}
      <div className="cat-grid" onPointerEnter={() => preloadArea?.('checkout')}>
        {PRICING_PLANS.map((plan) => (
          <Card
            key={plan.key}
            title={<h2 style={{ margin: 0, fontSize: '1.15rem' }}>{plan.title}</h2>}
            extra={plan.highlighted ? <Tag color="cyan">Most popular</Tag> : null}
            style={plan.highlighted ? { borderColor: '#3cbab5', borderWidth: 2 } : undefined}
          >
            <p className="cat-price">
              {formatMoney(plan.unitAmount)} <small>{plan.interval ? intervalLabel(plan.interval) : 'one time'}</small>
            </p>
            <p>{plan.description}</p>
            <ul style={{ paddingLeft: '1.2em', lineHeight: 1.8 }}>
              {plan.markers.map((marker) => (
                <li key={marker}>{marker}</li>
              ))}
            </ul>
            <CtaLink to={`/shopping-cart?add=${plan.key}`}>Choose {plan.title}</CtaLink>
          </Card>
        ))}
      </div>
    </div>
  );
}
