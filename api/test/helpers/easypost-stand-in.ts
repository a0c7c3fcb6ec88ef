import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// EasyPost's HTTP API as the SDK speaks it, answered on this machine, for the few calls the shop
// makes (create, retrieve and buy a Shipment). It enforces the rules the shop relies on: the API
// key (HTTP Basic), the addresses' and parcel's required fields, a rate of the shipment's own, and
// one purchase per shipment (a second buy is refused, as EasyPost refuses re-buying postage).

interface StandInShipment {
  id: string;
  object: 'Shipment';
  mode: 'test';
  reference: string | null;
  is_return: boolean;
  to_address: Record<string, unknown>;
  from_address: Record<string, unknown>;
  parcel: Record<string, unknown>;
  rates: {
    id: string;
    object: 'Rate';
    shipment_id: string;
    carrier: string;
    service: string;
    rate: string;
    currency: 'USD';
  }[];
  selected_rate: StandInShipment['rates'][number] | null;
  postage_label: { object: 'PostageLabel'; label_url: string } | null;
  tracking_code: string | null;
}

export interface EasyPostStandIn {
  /** The SDK's base URL for this stand-in (ends in /v2/). */
  baseUrl: string;
  apiKey: string;
  shipments: Map<string, StandInShipment>;
  /** Purchases made (every one is a label EasyPost would charge for). */
  purchases: string[];
  /** The next buy is made and then the connection dropped before the answer, as a timeout would. */
  dropNextBuyAnswer(): void;
  close(): Promise<void>;
}

const ADDRESS_FIELDS = ['street1', 'city', 'zip', 'country'] as const;

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function missingAddressField(value: unknown): string | null {
  if (!value || typeof value !== 'object') return 'is required';
  const address = value as Record<string, unknown>;
  for (const field of ADDRESS_FIELDS)
    if (typeof address[field] !== 'string' || !address[field]) return `${field} is required`;
  return null;
}

function invalidShipment(body: Record<string, unknown>): string | null {
  const shipment = body.shipment as Record<string, unknown> | undefined;
  if (!shipment || typeof shipment !== 'object') return 'shipment is required';
  for (const side of ['to_address', 'from_address'] as const) {
    const problem = missingAddressField(shipment[side]);
    if (problem) return `${side}: ${problem}`;
  }
  const parcel = shipment.parcel as Record<string, unknown> | undefined;
  if (!parcel || !(typeof parcel.weight === 'number' && parcel.weight > 0))
    return 'parcel.weight must be a positive number';
  return null;
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function refuse(response: http.ServerResponse, status: number, code: string, message: string) {
  send(response, status, { error: { code, message, errors: [] } });
}

function createShipment(body: Record<string, unknown>): StandInShipment {
  const input = body.shipment as Record<string, unknown>;
  const shipmentId = id('shp');
  const isReturn = input.is_return === true;
  const rate = (service: string, amount: string) => ({
    id: id('rate'),
    object: 'Rate' as const,
    shipment_id: shipmentId,
    carrier: 'USPS',
    service,
    rate: amount,
    currency: 'USD' as const,
  });
  return {
    id: shipmentId,
    object: 'Shipment',
    mode: 'test',
    reference: typeof input.reference === 'string' ? input.reference : null,
    is_return: isReturn,
    // A return label goes the other way: EasyPost swaps the addresses itself.
    to_address: (isReturn ? input.from_address : input.to_address) as Record<string, unknown>,
    from_address: (isReturn ? input.to_address : input.from_address) as Record<string, unknown>,
    parcel: input.parcel as Record<string, unknown>,
    rates: [rate('Priority', '9.35'), rate('GroundAdvantage', '5.60'), rate('Express', '31.20')],
    selected_rate: null,
    postage_label: null,
    tracking_code: null,
  };
}

export async function startEasyPostStandIn(apiKey = `EZTK${randomBytes(16).toString('hex')}`) {
  const shipments = new Map<string, StandInShipment>();
  const purchases: string[] = [];
  let dropNext = false;
  const authorised = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.headers.authorization !== authorised)
        return refuse(response, 401, 'APIKEY.INACTIVE', 'The API key is missing or wrong.');
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body)
          : {};
      } catch {
        return refuse(response, 422, 'PARAMETER.INVALID', 'The body is not JSON.');
      }
      const [path = ''] = (request.url ?? '').split('?');
      if (request.method === 'POST' && path === '/v2/shipments') {
        const problem = invalidShipment(body);
        if (problem) return refuse(response, 422, 'SHIPMENT.INVALID_PARAMS', problem);
        const shipment = createShipment(body);
        shipments.set(shipment.id, shipment);
        return send(response, 201, shipment);
      }
      const match = /^\/v2\/shipments\/(shp_[0-9a-f]+)(\/buy)?$/.exec(path);
      const shipment = match?.[1] ? shipments.get(match[1]) : undefined;
      if (!match || !shipment)
        return refuse(response, 404, 'NOT_FOUND', 'The requested resource could not be found.');
      if (request.method === 'GET' && !match?.[2]) return send(response, 200, shipment);
      if (request.method !== 'POST' || !match?.[2])
        return refuse(response, 405, 'METHOD.NOT_ALLOWED', 'No.');
      if (shipment.postage_label)
        return refuse(
          response,
          422,
          'SHIPMENT.POSTAGE.EXISTS',
          'This shipment already has postage.',
        );
      const rateId = (body.rate as { id?: unknown } | undefined)?.id;
      const rate = shipment.rates.find((candidate) => candidate.id === rateId);
      if (!rate)
        return refuse(
          response,
          422,
          'SHIPMENT.RATE.INVALID',
          'The rate is not one of this shipment.',
        );
      shipment.selected_rate = rate;
      shipment.tracking_code = `9400${randomBytes(9).toString('hex').toUpperCase()}`.slice(0, 22);
      shipment.postage_label = {
        object: 'PostageLabel',
        label_url: `https://labels.example.test/${shipment.id}.png`,
      };
      purchases.push(shipment.id);
      if (dropNext) {
        dropNext = false;
        return request.socket.destroy();
      }
      return send(response, 200, shipment);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: EasyPostStandIn = {
    baseUrl: `http://127.0.0.1:${port}/v2/`,
    apiKey,
    shipments,
    purchases,
    dropNextBuyAnswer: () => {
      dropNext = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

/** An EasyPost event body signed as EasyPost signs it: HMAC-SHA256 (hex) of the body, keyed by the secret. */
export function signEasyPostEvent(body: string, secret: string): string {
  const digest = createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(body, 'utf8')
    .digest('hex');
  return `hmac-sha256-hex=${digest}`;
}

/** A tracker.updated event for a tracking number, as EasyPost posts it. */
export function trackerEvent(trackingCode: string, status: string, at = new Date()) {
  return JSON.stringify({
    id: id('evt'),
    object: 'Event',
    mode: 'test',
    description: 'tracker.updated',
    created_at: at.toISOString(),
    result: {
      id: id('trk'),
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingCode,
      status,
      carrier: 'USPS',
      updated_at: at.toISOString(),
      tracking_details: [],
    },
  });
}
