import {
  CarrierSignatureError,
  CarrierUnavailableError,
  type LabelRequest,
} from '../../../src/modules/fulfilment/carrier';
import { createEasyPostCarrier } from '../../../src/modules/fulfilment/easypost-carrier';
import { DISPATCH_ADDRESS, KIT_PARCEL } from '../../../src/modules/fulfilment/fulfilment-service';
import {
  signEasyPostEvent,
  startEasyPostStandIn,
  trackerEvent,
  type EasyPostStandIn,
} from '../../helpers/easypost-stand-in';

const SECRET = 'whsec-local-Ünïcode-secret';

const request = (
  direction: LabelRequest['direction'],
  reference = `ref-${direction}`,
): LabelRequest => ({
  reference,
  direction,
  to: {
    name: 'Ada Shopper',
    street1: '1 Main St',
    city: 'Albany',
    state: 'NY',
    zip: '12207',
    country: 'US',
  },
  from: DISPATCH_ADDRESS,
  parcel: KIT_PARCEL,
});

describe('EasyPost carrier (the SDK answered on this machine)', () => {
  let standIn: EasyPostStandIn;
  beforeAll(async () => {
    standIn = await startEasyPostStandIn();
  });
  afterAll(() => standIn.close());

  const carrier = () =>
    createEasyPostCarrier({
      apiKey: standIn.apiKey,
      webhookSecret: SECRET,
      baseUrl: standIn.baseUrl,
    });

  it('buys the outbound label at the lowest rate, keeping the carrier shipment before the purchase', async () => {
    const created: string[] = [];
    const label = await carrier().buyLabel(request('outbound'), null, async (id) => {
      created.push(id);
    });
    expect(created).toEqual([label.carrierShipmentId]);
    const shipment = standIn.shipments.get(label.carrierShipmentId)!;
    expect(shipment.reference).toBe('ref-outbound');
    expect(shipment.is_return).toBe(false);
    expect(shipment.to_address.zip).toBe('12207');
    expect(label).toEqual({
      carrierShipmentId: shipment.id,
      trackingCode: shipment.tracking_code,
      labelUrl: shipment.postage_label!.label_url,
      service: 'USPS GroundAdvantage',
    });
    expect(standIn.purchases).toContain(shipment.id);
  });

  it('buys the return label as a return: the carrier sends it back to the dispatch desk', async () => {
    const label = await carrier().buyLabel(request('return'), null, async () => {});
    const shipment = standIn.shipments.get(label.carrierShipmentId)!;
    expect(shipment.is_return).toBe(true);
    expect(shipment.to_address.street1).toBe(DISPATCH_ADDRESS.street1);
    expect(shipment.from_address.zip).toBe('12207');
  });

  it('resumes a purchase whose answer was lost instead of buying a second label', async () => {
    const before = standIn.purchases.length;
    let kept: string | null = null;
    standIn.dropNextBuyAnswer();
    await expect(
      carrier().buyLabel(request('outbound', 'lost-answer'), null, async (id) => {
        kept = id;
      }),
    ).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(kept).not.toBeNull();
    expect(standIn.purchases.length).toBe(before + 1);
    const label = await carrier().buyLabel(request('outbound', 'lost-answer'), kept, async () => {
      throw new Error('no new shipment is made on a resume');
    });
    expect(label.carrierShipmentId).toBe(kept);
    expect(label.trackingCode).toBe(standIn.shipments.get(kept!)!.tracking_code);
    expect(standIn.purchases.length).toBe(before + 1);
  });

  it('finishes a purchase that never started on the kept shipment', async () => {
    let kept: string | null = null;
    await expect(
      carrier().buyLabel(request('outbound', 'crash-before-buy'), null, async (id) => {
        kept = id;
        throw new Error('the process stopped here');
      }),
    ).rejects.toThrow('the process stopped here');
    expect(standIn.shipments.get(kept!)!.postage_label).toBeNull();
    const label = await carrier().buyLabel(
      request('outbound', 'crash-before-buy'),
      kept,
      async () => {},
    );
    expect(label.carrierShipmentId).toBe(kept);
    expect(standIn.purchases.filter((id) => id === kept)).toHaveLength(1);
  });

  it('reports what EasyPost refuses: a wrong key, a missing address field', async () => {
    const wrongKey = createEasyPostCarrier({
      apiKey: 'EZTKnot-the-key',
      webhookSecret: SECRET,
      baseUrl: standIn.baseUrl,
    });
    await expect(
      wrongKey.buyLabel(request('outbound'), null, async () => {}),
    ).rejects.toBeInstanceOf(CarrierUnavailableError);
    const incomplete = { ...request('outbound'), to: { ...request('outbound').to, street1: '' } };
    await expect(carrier().buyLabel(incomplete, null, async () => {})).rejects.toThrow(/street1/);
  });
});

describe('EasyPost tracking webhooks', () => {
  const carrier = createEasyPostCarrier({ apiKey: 'EZTKunused', webhookSecret: SECRET });
  const at = new Date('2026-12-01T15:04:05.000Z');

  it('reads a tracker event signed with the secret over the raw body', () => {
    const body = trackerEvent('9400111', 'delivered', at);
    const update = carrier.readTrackingWebhook(Buffer.from(body), {
      'x-hmac-signature': signEasyPostEvent(body, SECRET),
    });
    expect(update).toEqual({
      eventId: JSON.parse(body).id,
      trackingCode: '9400111',
      status: 'delivered',
      occurredAt: at,
    });
  });

  it('refuses an unsigned, forged or altered event', () => {
    const body = trackerEvent('9400111', 'delivered', at);
    const read = (raw: string, headers: Record<string, string>) => () =>
      carrier.readTrackingWebhook(Buffer.from(raw), headers);
    expect(read(body, {})).toThrow(CarrierSignatureError);
    expect(read(body, { 'x-hmac-signature': signEasyPostEvent(body, 'another-secret') })).toThrow(
      CarrierSignatureError,
    );
    expect(
      read(body.replace('delivered', 'in_transit'), {
        'x-hmac-signature': signEasyPostEvent(body, SECRET),
      }),
    ).toThrow(CarrierSignatureError);
    expect(read(body, { 'x-hmac-signature': 'hmac-sha256-hex=00' })).toThrow(CarrierSignatureError);
  });

  it('passes over signed events that are not about tracking', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'Event',
      description: 'batch.updated',
      result: {},
    });
    expect(
      carrier.readTrackingWebhook(Buffer.from(body), {
        'x-hmac-signature': signEasyPostEvent(body, SECRET),
      }),
    ).toBeNull();
  });
});
