// The results case of `pnpm --filter api bench` (--only=results): a FHIR bundle of
// BENCH_OBSERVATIONS (2,000) observations is uploaded RUNS times through the upload route, on a
// fresh embedded database (or PostgreSQL with --postgres), and the bench prints the median and
// slowest time from the request to its 2,000 readings stored (the answer comes after the commit).
import { buildApp } from '../src/app';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { DEMO_USER } from '../src/db/seed/demo-partners-and-discounts';
import { bigBundle } from '../test/helpers/result-reports';
import { multipart } from '../test/helpers/multipart';
import { loadBenchConfig } from './bench-config';

const OBSERVATIONS = Number(process.env.BENCH_OBSERVATIONS ?? 2_000);
const RUNS = Number(process.env.BENCH_RESULT_RUNS ?? 15);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

export async function runResultsBench(databaseUrl?: string): Promise<void> {
  const { config, removeDataDir } = loadBenchConfig({
    SEED_DEMO_DATA: 'true',
    UPLOAD_RATE_LIMIT_MAX: String(RUNS + 10),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config);
  try {
    await app.ready();
    const origin = { origin: config.publicOrigin };
    const login = await app.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: origin,
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    const cookie = login.cookies.find((found) => found.name === 'bw_session');
    if (!cookie) throw new Error(`log-in answered ${login.statusCode}: ${login.body}`);
    const bundle = bigBundle(OBSERVATIONS);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const body = multipart([
        { name: 'portal.json', type: 'application/fhir+json', bytes: bundle },
      ]);
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.resultUploads,
        payload: body.payload,
        headers: { ...body.headers, ...origin, cookie: `bw_session=${cookie.value}` },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const upload = response.json() as { id: string; status: string; readingCount: number };
      if (
        response.statusCode !== 201 ||
        upload.status !== 'read' ||
        upload.readingCount !== OBSERVATIONS
      )
        throw new Error(`upload answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      times.push(ms);
      await app.inject({
        method: 'DELETE',
        url: buildPath(API_PATHS.resultUpload, { id: upload.id }),
        headers: { ...origin, cookie: `bw_session=${cookie.value}` },
      });
    }
    console.log(
      `\nResults: a ${(bundle.length / 1024).toFixed(0)} KiB FHIR bundle of ${OBSERVATIONS} observations, ` +
        `uploaded ${RUNS} times through the route on ${app.databaseKind}: ` +
        `median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms ` +
        `from the request to its readings stored`,
    );
  } finally {
    await app.close();
    removeDataDir();
  }
}
