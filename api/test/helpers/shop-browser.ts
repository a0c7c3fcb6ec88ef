// A shopper's browser over real HTTP: its cookies, the address a proxy reports for it, and which
// instance answered each request (the x-shop-instance header).
import { randomUUID } from 'node:crypto';
import { readOperatorTokenFile } from '../../src/services/operations/operator-token-file';
import { TEST_CARDS, TEST_EXPIRY } from './test-tokens';

export class ShopBrowser {
  private readonly cookies = new Map<string, string>();
  /** The instance that answered each request, in order. */
  readonly instances: string[] = [];

  constructor(
    private readonly origin: string,
    /** Sent as X-Forwarded-For: the client address the balancer passes on. */
    public forwardedFor: string,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.send(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    });
  }

  /** A multipart form with one file, as the upload panel sends it. */
  upload(path: string, filename: string, type: string, bytes: Buffer): Promise<Response> {
    const boundary = `----shop-${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.send('POST', path, {
      body: new Uint8Array(payload),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  /** A card token from the test provider's element, through the balancer like the rest. */
  async cardToken(number: string = TEST_CARDS.succeeds): Promise<string> {
    const response = await this.request('POST', '/test-provider/v1/tokens', {
      number,
      ...TEST_EXPIRY,
      cvc: '123',
    });
    if (response.status !== 200)
      throw new Error(`token refused (${response.status}): ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  }

  private async send(
    method: string,
    path: string,
    init: { body?: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> },
  ): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.origin}${path}`, {
      method,
      body: init.body,
      headers: {
        origin: this.origin,
        'x-forwarded-for': this.forwardedFor,
        ...(cookie ? { cookie } : {}),
        ...init.headers,
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    this.instances.push(response.headers.get('x-shop-instance') ?? 'unnamed');
    return response;
  }
}

/** The headers `pnpm shop` sends to the instance whose data directory holds its token file. */
export function readOperatorToken(dataDir: string): Record<string, string> {
  const file = readOperatorTokenFile(dataDir);
  if (!file) throw new Error(`no operator token file in ${dataDir}`);
  return { authorization: `Bearer ${file.token}`, 'x-shop-operator': 'scale-out-test' };
}
