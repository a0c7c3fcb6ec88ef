// `pnpm --filter api fuzz`: the hostile-input test at full size. 10,500 requests generated from the
// OpenAPI document (FUZZ_REQUESTS) plus Fastify's own refusals, against a fresh PGlite, or with
// --postgres a throwaway PostgreSQL cluster (which refuses NUL in text and jsonb). The same
// FUZZ_SEED sends the same requests. Exits 1 on any response >= 500 or a 4xx not in our shape.
import { buildTestApp } from '../test/helpers/build-test-app';
import {
  HOSTILE_APP_OPTIONS,
  prepareHostileRun,
  type HostileReport,
} from '../test/helpers/hostile-requests';
import startPostgres from '../test/postgres/global-setup';
import stopPostgres from '../test/postgres/global-teardown';

const SEED = Number(process.env.FUZZ_SEED ?? 1);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_500);

function print(name: string, report: HostileReport, seconds: number) {
  console.log(
    `${name}: ${report.sent} requests in ${seconds.toFixed(1)} s, by status ${JSON.stringify(report.byStatus)}`,
  );
  console.log(
    `  >= 500: ${report.serverErrors.length}; 4xx not in our shape: ${report.badShapes.length}`,
  );
  const failing = new Set(report.serverErrors.map((finding) => finding.operation));
  if (failing.size > 0)
    console.log(`  operations with a 5xx (${failing.size}): ${[...failing].join(', ')}`);
  for (const finding of [...report.serverErrors, ...report.badShapes].slice(0, 20))
    console.log(
      `  ${finding.id} ${finding.status} ${finding.operation}: ${finding.label}\n    ${finding.body}`,
    );
}

async function main() {
  const postgres = process.argv.includes('--postgres');
  if (postgres) await startPostgres();
  const t = await buildTestApp(HOSTILE_APP_OPTIONS);
  try {
    const run = await prepareHostileRun(t.app, (request) => t.inject(request));
    console.log(`seed ${SEED} on ${postgres ? 'PostgreSQL' : 'PGlite'}`);
    let failed = false;
    for (const [name, cases] of [
      ['generated', run.generated(SEED, REQUESTS)],
      ['framework', run.framework()],
    ] as const) {
      const started = performance.now();
      const report = await run.send(cases);
      print(name, report, (performance.now() - started) / 1000);
      failed ||= report.serverErrors.length > 0 || report.badShapes.length > 0;
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await t.close();
    if (postgres) await stopPostgres();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
