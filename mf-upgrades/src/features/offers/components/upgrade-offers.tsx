import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@shop/shared/format/money';
import { useMiniPanelUpgrade } from '../api/mini-panel-upgrade';

const css = `
.upg { max-width: 1040px; margin: 8px auto 0; padding: 0 20px 24px; }
.upg h2 { color: #12343b; font-size: 1.4rem; margin: 0 0 4px; }
.upg-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); margin-top: 16px; }
@media (min-width: 767px) { .upg-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
`;

/** Static copy of the post-purchase offers; the server decides eligibility and price at purchase time. */
export const UPGRADE_OFFERS = [
  {
    key: 'mini-panel',
    title: 'Mini panel upgrade',
    text: 'Add thyroid and vitamin D markers to the sample you are already sending.',
    fromCents: 2900,
  },
  {
    key: 'easy-draw',
    title: 'Easy draw upgrade',
    text: 'Swap the finger prick for our easy-draw device: less effort, more reliable samples.',
    fromCents: 1900,
  },
  {
    key: 'bp-tape',
    title: 'Blood pressure cuff and tape',
    text: 'Track blood pressure next to your lipids for a full heart-health picture.',
    fromCents: 3900,
  },
] as const;

export function UpgradeOffers() {
  const [params] = useSearchParams();
  const lookupKeys = params.getAll('lookupKey');
  const miniPanel = useMiniPanelUpgrade(lookupKeys);
  const miniPanelBought = miniPanel.isSuccess && miniPanel.data === null;

  return (
    <section className="upg" aria-labelledby="upgrades-title">
      <style href="mf-upgrades-styles" precedence="default">
        {css}
      </style>
      <h2 id="upgrades-title">Make the most of your kit</h2>
      <p style={{ margin: 0, color: '#4a5f63' }}>These add-ons ship with your order. Add them within 24 hours of purchase.</p>
      <div className="upg-grid">
        {UPGRADE_OFFERS.filter((offer) => !(offer.key === 'mini-panel' && miniPanelBought)).map((offer) => (
          <Card key={offer.key} title={<h3 style={{ margin: 0, fontSize: '1.05rem' }}>{offer.title}</h3>} extra={<Tag color="cyan">Add-on</Tag>}>
            <p style={{ marginTop: 0 }}>{offer.text}</p>
            <p style={{ fontWeight: 700, margin: 0 }}>From {formatMoney(offer.fromCents)}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
