import { writeOperatorTokenFile } from '../../src/services/operations/operator-token-file';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from './build-test-app';

/**
 * A shop listening on a free port with its token file in `dataDir`, as `npm start` leaves one:
 * `pnpm shop` run against that data directory goes through its operator API.
 */
export async function startRunningShop(
  dataDir: string,
  token: string,
  options: BuildTestAppOptions = {},
): Promise<{ t: TestApp; stop(): Promise<void> }> {
  const t = await buildTestApp({ ...options, app: { ...options.app, operatorToken: token } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  const removeTokenFile = writeOperatorTokenFile(dataDir, {
    url: `http://127.0.0.1:${address.port}`,
    token,
  });
  return {
    t,
    async stop() {
      removeTokenFile();
      await t.close();
    },
  };
}
