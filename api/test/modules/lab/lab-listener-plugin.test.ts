// The development default port may be held by another shop on the machine: the shop still
// starts (without a lab listener); a port that was configured must open or the start fails.
import net from 'node:net';
import Fastify from 'fastify';
import { labListenerPlugin, type LabConfig } from '../../../src/modules/lab';

let holder: net.Server;
let port: number;

beforeAll(async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
});

const config = (required: boolean): LabConfig => ({
  mllpPort: port,
  mllpPortRequired: required,
  mllpHost: '127.0.0.1',
  idleMs: 60_000,
  fhirSecret: null,
});

async function start(required: boolean) {
  const app = Fastify({ logger: false });
  app.decorate('config', { publicOrigin: 'http://shop.test' } as never);
  await app.register(labListenerPlugin, { config: config(required) });
  return app;
}

it('starts without the listener when the default port is taken', async () => {
  const app = await start(false);
  await expect(app.ready()).resolves.toBeDefined();
  await app.close();
});

it('refuses to start when a configured port is taken', async () => {
  const app = await start(true);
  await expect(app.ready()).rejects.toThrow(/EADDRINUSE/);
  await app.close().catch(() => {});
});
