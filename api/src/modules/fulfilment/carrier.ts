// The one place the shop meets a carrier. The service buys labels and reads tracking through
// this interface only, so a new carrier is one more implementation and no change elsewhere.

/** An address as carriers take it (US shipping: state and ZIP). */
export interface CarrierAddress {
  name: string;
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone?: string | null;
}

/** A kit's box: the carrier rates it by weight and size. */
export interface CarrierParcel {
  weightOz: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

export type LabelDirection = 'outbound' | 'return';

export interface LabelRequest {
  /** Our record's key for this label (shipment id and direction): the carrier keeps it as the reference. */
  reference: string;
  direction: LabelDirection;
  /** The customer; for a return label the carrier swaps the addresses itself. */
  to: CarrierAddress;
  from: CarrierAddress;
  parcel: CarrierParcel;
}

export interface BoughtLabel {
  carrierShipmentId: string;
  trackingCode: string;
  labelUrl: string;
  service: string;
}

/** Tracking statuses the shop acts on; anything else a carrier sends is kept as 'unknown'. */
export const TRACKING_STATUSES = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'return_to_sender',
  'failure',
  'unknown',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export interface TrackingUpdate {
  /** The carrier's event id: an event delivered twice is applied once. */
  eventId: string;
  trackingCode: string;
  status: TrackingStatus;
  /** When the carrier saw it; null when it did not say (the shop clock is used). */
  occurredAt: Date | null;
}

/** A webhook whose signature did not verify (or that carried none): answered 400, nothing kept. */
export class CarrierSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierSignatureError';
  }
}

/** The carrier refused or could not be reached: the operator sees it and can try again. */
export class CarrierUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierUnavailableError';
  }
}

export interface Carrier {
  readonly name: 'manual' | 'easypost';
  /** False for the manual carrier: the operator prints the shop's own label and types the tracking number. */
  readonly buysLabels: boolean;
  /**
   * Buys one label. `existing` is the carrier's shipment id our record already holds from an
   * earlier try: the carrier resumes that shipment (and returns its label if it was bought)
   * rather than buying a second. `onCreated` keeps a new carrier shipment id before the purchase.
   */
  buyLabel(
    request: LabelRequest,
    existing: string | null,
    onCreated: (carrierShipmentId: string) => Promise<void>,
  ): Promise<BoughtLabel>;
  /** Verifies a tracking webhook on its raw body; null for an event that is not about tracking. */
  readTrackingWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): TrackingUpdate | null;
}

/** A carrier's status word as one of ours. */
export function trackingStatusOf(value: unknown): TrackingStatus {
  return (TRACKING_STATUSES as readonly unknown[]).includes(value)
    ? (value as TrackingStatus)
    : 'unknown';
}
