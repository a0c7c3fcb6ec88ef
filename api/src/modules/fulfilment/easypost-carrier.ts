import EasyPostClient from '@easypost/api';
import {
  CarrierSignatureError,
  CarrierUnavailableError,
  trackingStatusOf,
  type BoughtLabel,
  type Carrier,
  type CarrierAddress,
  type LabelRequest,
  type TrackingUpdate,
} from './carrier';

export interface EasyPostSettings {
  apiKey: string;
  webhookSecret: string;
  /** Only for tests, which answer the SDK's HTTP on this machine; production uses the SDK's own. */
  baseUrl?: string | null;
  /** The SDK's per-request timeout. */
  timeoutMs?: number;
}

interface EasyPostShipmentLike {
  id: string;
  tracking_code?: string | null;
  postage_label?: { label_url?: string | null } | null;
  selected_rate?: { carrier?: string; service?: string } | null;
  rates?: { id: string; rate: string; carrier: string; service: string }[];
}

function address(value: CarrierAddress) {
  return {
    name: value.name,
    street1: value.street1,
    street2: value.street2 ?? undefined,
    city: value.city,
    state: value.state,
    zip: value.zip,
    country: value.country,
    phone: value.phone ?? undefined,
  };
}

function labelOf(shipment: EasyPostShipmentLike): BoughtLabel | null {
  const url = shipment.postage_label?.label_url;
  if (!url || !shipment.tracking_code) return null;
  const rate = shipment.selected_rate;
  return {
    carrierShipmentId: shipment.id,
    trackingCode: shipment.tracking_code,
    labelUrl: url,
    service: rate ? `${rate.carrier ?? ''} ${rate.service ?? ''}`.trim() : '',
  };
}

function unavailable(error: unknown): CarrierUnavailableError {
  const message = error instanceof Error ? error.message : String(error);
  return new CarrierUnavailableError(`EasyPost: ${message}`);
}

/**
 * EasyPost through its official SDK. A label is a Shipment bought at its lowest rate; the return
 * label is the same shipment with `is_return` (EasyPost swaps the addresses). Our record keeps the
 * carrier's shipment id as soon as it exists, so a retry resumes it and never buys twice.
 */
export function createEasyPostCarrier(settings: EasyPostSettings): Carrier {
  const client = new EasyPostClient(settings.apiKey, {
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    timeout: settings.timeoutMs ?? 30_000,
  });

  async function buyLabel(
    request: LabelRequest,
    existing: string | null,
    onCreated: (carrierShipmentId: string) => Promise<void>,
  ): Promise<BoughtLabel> {
    let shipment: EasyPostShipmentLike;
    try {
      shipment = existing
        ? ((await client.Shipment.retrieve(existing)) as EasyPostShipmentLike)
        : ((await client.Shipment.create({
            reference: request.reference,
            is_return: request.direction === 'return',
            to_address: address(request.to),
            from_address: address(request.from),
            parcel: {
              weight: request.parcel.weightOz,
              length: request.parcel.lengthIn,
              width: request.parcel.widthIn,
              height: request.parcel.heightIn,
            },
          })) as EasyPostShipmentLike);
    } catch (error) {
      throw unavailable(error);
    }
    const already = existing ? labelOf(shipment) : null;
    if (already) return already;
    // Our record keeps the shipment before anything is bought (its own errors pass through as they are).
    if (!existing) await onCreated(shipment.id);
    try {
      if (!shipment.rates?.length) throw new Error('no rate was offered for this parcel');
      const rate = client.Utils.getLowestRate(
        shipment.rates as Parameters<typeof client.Utils.getLowestRate>[0],
      );
      const bought = labelOf(
        (await client.Shipment.buy(shipment.id, rate)) as EasyPostShipmentLike,
      );
      if (!bought) throw new Error('the purchase returned no label');
      return bought;
    } catch (error) {
      throw unavailable(error);
    }
  }

  function readTrackingWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): TrackingUpdate | null {
    const signature = headers['x-hmac-signature'];
    if (typeof signature !== 'string' || !signature)
      throw new CarrierSignatureError('no X-Hmac-Signature header');
    let event: unknown;
    try {
      // The SDK's own check: HMAC-SHA256 of the raw body with the webhook secret, compared in constant time.
      event = client.Utils.validateWebhook(
        raw,
        { 'x-hmac-signature': signature },
        settings.webhookSecret,
      );
    } catch {
      throw new CarrierSignatureError('the X-Hmac-Signature did not verify');
    }
    return trackingUpdateOf(event);
  }

  return { name: 'easypost', buysLabels: true, buyLabel, readTrackingWebhook };
}

/** A verified EasyPost Event as a tracking update; null for events about anything but a tracker. */
export function trackingUpdateOf(event: unknown): TrackingUpdate | null {
  if (!event || typeof event !== 'object') return null;
  const { id, description, result } = event as Record<string, unknown>;
  if (typeof id !== 'string' || !id) return null;
  if (description !== 'tracker.updated' && description !== 'tracker.created') return null;
  if (!result || typeof result !== 'object') return null;
  const tracker = result as Record<string, unknown>;
  if (typeof tracker.tracking_code !== 'string' || !tracker.tracking_code) return null;
  const stamp = typeof tracker.updated_at === 'string' ? new Date(tracker.updated_at) : null;
  return {
    eventId: id.slice(0, 200),
    trackingCode: tracker.tracking_code.slice(0, 100),
    status: trackingStatusOf(tracker.status),
    occurredAt: stamp && !Number.isNaN(stamp.getTime()) ? stamp : null,
  };
}
