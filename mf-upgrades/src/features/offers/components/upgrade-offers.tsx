import { useId } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { formatMoney } from '@shop/shared/format/money';
import { upgradesAreaPropsSchema, type UpgradesAreaProps } from '@shop/shared/contract/upgrades';
import {
  useBuyUpgrade,
  useDismissedUpgrades,
  useUpgradeSlots,
  type UpgradeSlot,
} from '../hooks/use-upgrade-offers';
import type { UpgradeOffer } from '../api/upgrades-api';

// Dark text on the brand colour and on the tinted cards keeps 4.5:1 contrast. The cards sit side
// by side when the slot is wide enough (a container query: the host decides the slot's width).
const css = `
.upg { container-type: inline-size; }
.upg h2 { color: #12343b; font-size: 1.15rem; margin: 0 0 4px; }
.upg-intro, .upg-muted { color: #4a5f63; margin: 0; }
.upg-intro { margin-bottom: 16px; }
.upg-list + .upg-added, .upg-muted + .upg-added { margin-top: 16px; }
.upg-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: minmax(0, 1fr); }
@container (min-width: 640px) { .upg-list { grid-template-columns: repeat(auto-fit, minmax(190px, 1fr)); gap: 16px; } }
.upg-list > li { display: flex; }
.upg-offer { flex: 1; display: flex; flex-direction: column; gap: 12px; border: 1px solid #cfe3e2; border-radius: 12px; padding: 16px; background: #f6fbfb; }
.upg-offer h3 { margin: 0 0 4px; font-size: 1.02rem; line-height: 1.35; color: #12343b; }
.upg-benefit { margin: 0; color: #33484c; }
.upg-offer-text { flex: 1; }
.upg-buy { display: grid; gap: 8px; }
.upg-price { margin: 0; color: #12343b; font-size: 1.2rem; font-weight: 700; }
.upg-price small { margin-left: 6px; color: #4a5f63; font-size: 0.85rem; font-weight: 400; }
.upg-cta { min-height: 44px; padding: 0 16px; border: 0; border-radius: 8px; background: #3cbab5; color: #0b2428; font: inherit; font-weight: 700; cursor: pointer; }
.upg-cta:hover { filter: brightness(0.95); }
.upg-cta:disabled { opacity: 0.75; cursor: progress; }
.upg-decline { justify-self: center; min-height: 40px; padding: 0 8px; border: 0; background: none; color: #0e6b66; font: inherit; text-decoration: underline; cursor: pointer; }
.upg-cta:focus-visible, .upg-decline:focus-visible, .upg-retry:focus-visible { outline: 3px solid #12343b; outline-offset: 2px; }
.upg-error { display: grid; gap: 8px; margin: 0; padding: 10px 12px; border: 1px solid #efc2b8; border-radius: 8px; background: #fff5f2; color: #6e1d0d; }
.upg-confirming { margin: 0; padding: 10px 12px; border: 1px solid #bcd9e0; border-radius: 8px; background: #f0f7f9; color: #12343b; }
.upg-retry { justify-self: start; min-height: 40px; padding: 0 14px; border: 1px solid #6e1d0d; border-radius: 8px; background: #fff; color: #6e1d0d; font: inherit; font-weight: 600; cursor: pointer; }
.upg-added { padding: 12px 16px; border-radius: 12px; background: #eef8f1; border: 1px solid #bfe0c9; }
.upg-added h3 { margin: 0 0 6px; font-size: 1rem; color: #14502a; }
.upg-added ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.upg-added li { display: flex; justify-content: space-between; gap: 12px; color: #14502a; }
.upg-added li span:first-child { padding-left: 1.25em; text-indent: -1.25em; }
.upg-added li span:first-child::before { content: '✓ '; font-weight: 700; }
.upg-added p { margin: 8px 0 0; color: #14502a; font-size: 0.9rem; }
`;

function UpgradesStyles() {
  return (
    <style href="mf-upgrades-styles" precedence="default">
      {css}
    </style>
  );
}

function OfferCard({
  offer,
  order,
  onDecline,
}: {
  offer: UpgradeOffer;
  order: UpgradesAreaProps;
  onDecline: () => void;
}) {
  const { buy, buying, confirming, error, challenge } = useBuyUpgrade(offer, order);
  const busy = buying || confirming;
  const titleId = useId();
  return (
    <li>
      <article className="upg-offer" aria-labelledby={titleId} data-upgrade={offer.type}>
        <div className="upg-offer-text">
          <h3 id={titleId}>{offer.title}</h3>
          <p className="upg-benefit">{offer.description}</p>
        </div>
        <div className="upg-buy">
          <p className="upg-price">
            {formatMoney(offer.unitAmount, offer.currency)}
            <small>one-time</small>
          </p>
          <button type="button" className="upg-cta" onClick={buy} disabled={busy} aria-busy={busy}>
            {confirming ? 'Confirming payment…' : buying ? 'Adding…' : 'Add to my order'}
          </button>
          <button type="button" className="upg-decline" onClick={onDecline} disabled={busy}>
            No thanks
          </button>
        </div>
        {confirming && (
          <p className="upg-confirming" role="status">
            We are still confirming your payment for {offer.title}. It shows here as added once it
            is confirmed; you will not be charged twice.
          </p>
        )}
        {error && (
          <div className="upg-error" role="alert">
            <span>
              {offer.title} was not added: {error} Your order itself is confirmed.
            </span>
            <button type="button" className="upg-retry" onClick={buy} disabled={buying}>
              Try again
            </button>
          </div>
        )}
        {challenge}
      </article>
    </li>
  );
}

type AddedSlot = Extract<UpgradeSlot, { state: 'added' }>;

/** What was bought: under the remaining offers with its own heading, or alone under the area's. */
function AddedUpgrades({ slots, withHeading }: { slots: AddedSlot[]; withHeading: boolean }) {
  return (
    <div className="upg-added" role="status">
      {withHeading && <h3>Added to your order</h3>}
      <ul aria-label="Added to your order">
        {slots.map((slot) => (
          <li key={slot.type} data-upgrade-added={slot.type}>
            <span>{slot.title}</span>
            {slot.amount !== null && <span>{formatMoney(slot.amount, slot.currency)}</span>}
          </li>
        ))}
      </ul>
      <p>Charged to the card you paid with. It ships with your kit.</p>
    </div>
  );
}

function OrderUpgrades({ order }: { order: UpgradesAreaProps }) {
  const { slots, loading, failed } = useUpgradeSlots(order);
  const { dismissed, dismiss } = useDismissedUpgrades(order.orderId);
  const offers = slots.filter(
    (slot): slot is Extract<UpgradeSlot, { state: 'offer' }> =>
      slot.state === 'offer' && !dismissed.has(slot.type),
  );
  const added = slots.filter((slot): slot is AddedSlot => slot.state === 'added');
  const offering = !loading && offers.length > 0;

  let note: string | null = null;
  if (loading) note = 'Looking for add-ons that go with your order…';
  else if (failed) note = 'Add-ons are not available right now.';
  else if (offers.length === 0 && added.length === 0)
    note =
      slots.length > 0
        ? 'No add-ons this time. Your order is all set.'
        : 'There are no add-ons for this order.';

  return (
    <>
      <h2 id="upgrades-title">
        {offering || added.length === 0 ? 'Add to your order' : 'Added to your order'}
      </h2>
      {offering && (
        <p className="upg-intro">
          One click adds it to this order and charges the card you just paid with. It ships with
          your kit.
        </p>
      )}
      {note && (
        <p className="upg-muted" role="status">
          {note}
        </p>
      )}
      {offering && (
        <ul className="upg-list" aria-label="Add-on offers">
          {offers.map((slot) => (
            <OfferCard
              key={slot.type}
              offer={slot.offer}
              order={order}
              onDecline={() => dismiss(slot.type)}
            />
          ))}
        </ul>
      )}
      {!loading && added.length > 0 && <AddedUpgrades slots={added} withHeading={offering} />}
    </>
  );
}

/** The area's root: checkout's thank-you page passes the order through the shell's AreaOutlet. */
export function UpgradeOffers() {
  const shell = useShell();
  const order = upgradesAreaPropsSchema.safeParse(shell);
  return (
    <section className="upg" aria-labelledby="upgrades-title">
      <UpgradesStyles />
      {order.success ? (
        <OrderUpgrades order={order.data} />
      ) : (
        <>
          <h2 id="upgrades-title">Add to your order</h2>
          <p className="upg-muted">Add-ons for an order show here once it is placed.</p>
        </>
      )}
    </section>
  );
}
