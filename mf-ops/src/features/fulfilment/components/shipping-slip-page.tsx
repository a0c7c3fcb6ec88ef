import { Link, useParams } from 'react-router';
import { formatKitCode } from '@shop/shared/kits/kit-code';
import Button from 'antd/es/button';
import type { ShippingSlip } from '@shop/shared/contract/fulfilment';
import { QueryState } from '../../shared/components/load-state';
import { useShippingSlip } from '../api/fulfilment';

// Printing drops the console's frame and buttons, and starts the label on its own page.
const PRINT_CSS = `
.ops-slip { display: grid; gap: 24px; }
.ops-slip__sheet { border: 1px solid #d9e2e3; border-radius: 8px; padding: 16px; display: grid; gap: 8px; max-width: 640px; }
.ops-slip__barcode { max-width: 100%; height: auto; }
.ops-slip__address { font-style: normal; white-space: pre-line; font-size: 17px; }
@media print {
  .ops-console__header, .ops-console__nav, .ops-slip__actions { display: none !important; }
  .ops-slip__sheet { border: 0; }
  .ops-slip__sheet + .ops-slip__sheet { break-before: page; }
}
`;

const DISPATCH = 'Bloodwise Fulfilment\n417 Montgomery Street, Floor 5\nSan Francisco, CA 94104';

function addressLines(slip: ShippingSlip): string {
  const to = slip.kit.shipTo;
  return [to.name, to.line1, to.line2, `${to.city}, ${to.state} ${to.postal_code}`, to.country]
    .filter(Boolean)
    .join('\n');
}

function Barcode({ slip }: { slip: ShippingSlip }) {
  if (!slip.barcodeSvg) return null;
  return (
    <img
      className="ops-slip__barcode"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(slip.barcodeSvg)}`}
      alt={`Barcode of kit ${slip.kit.code}`}
    />
  );
}

function Slip({ slip }: { slip: ShippingSlip }) {
  const outbound = slip.shipment?.labels.find((label) => label.direction === 'outbound');
  const returned = slip.shipment?.labels.find((label) => label.direction === 'return');
  return (
    <div className="ops-slip">
      <div className="ops-slip__actions" style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Button type="primary" onClick={() => window.print()}>
          Print
        </Button>
        <Link to="/ops/fulfilment">Back to kits to ship</Link>
      </div>
      <article className="ops-slip__sheet" aria-labelledby="ops-slip-heading">
        <h3 id="ops-slip-heading" className="ops-subheading">
          Packing slip
        </h3>
        <dl className="ops-dl">
          <dt>Kit ID</dt>
          <dd>
            <strong style={{ fontSize: 20, letterSpacing: 1 }}>
              {formatKitCode(slip.kit.code)}
            </strong>
          </dd>
          <dt>Test</dt>
          <dd>{slip.kit.title}</dd>
          <dt>Order</dt>
          <dd>
            <code>{slip.kit.orderId}</code>
          </dd>
          <dt>For</dt>
          <dd>{slip.kit.customerName}</dd>
        </dl>
        <Barcode slip={slip} />
        <p className="ops-muted" style={{ margin: 0 }}>
          In the box: the kit, its instructions and a prepaid return bag. Activate the kit at
          /activate before taking the sample.
        </p>
      </article>
      <article className="ops-slip__sheet" aria-labelledby="ops-label-heading">
        <h3 id="ops-label-heading" className="ops-subheading">
          Shipping label
        </h3>
        {outbound?.labelUrl ? (
          <p>
            <a href={outbound.labelUrl} target="_blank" rel="noreferrer">
              Carrier label ({outbound.service ?? 'EasyPost'}), tracking {outbound.trackingCode}
            </a>
            {returned?.labelUrl && (
              <>
                {' · '}
                <a href={returned.labelUrl} target="_blank" rel="noreferrer">
                  Return label, tracking {returned.trackingCode}
                </a>
              </>
            )}
          </p>
        ) : (
          <>
            <p className="ops-muted" style={{ margin: 0 }}>
              From
            </p>
            <address className="ops-slip__address">{DISPATCH}</address>
            <p className="ops-muted" style={{ margin: 0 }}>
              To
            </p>
            <address className="ops-slip__address" aria-label="Ship to">
              {addressLines(slip)}
            </address>
            <Barcode slip={slip} />
          </>
        )}
      </article>
    </div>
  );
}

/** A kit's packing slip and shipping label, laid out to print. */
export function ShippingSlipPage() {
  const { kitId = '' } = useParams();
  const slip = useShippingSlip(kitId);
  return (
    <section aria-labelledby="ops-slip-page-heading">
      <style>{PRINT_CSS}</style>
      <h2 id="ops-slip-page-heading" style={{ fontSize: 22 }}>
        Slip and label
      </h2>
      <QueryState query={slip} what="the kit">
        {(data) => <Slip slip={data} />}
      </QueryState>
    </section>
  );
}
