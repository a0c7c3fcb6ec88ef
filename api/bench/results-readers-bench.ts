// `pnpm --filter api bench:readers`: how long the result readers take on a large report. Reads a
// FHIR bundle of 2,000 observations (JSON text to readings, with the depth check and structure
// validation) and a 2,000-row CSV (table, suggestion and confirmed mapping), then matches and
// converts every reading as the results page does. Prints the median and the slowest of the runs
// after a warm-up. Not a test: it prints figures. BENCH_RUNS sets the number of runs (25).
import { performance } from 'node:perf_hooks';
import { convert, matchBiomarker } from '@shop/shared/results/units';
import { applyCsvMapping, readCsvTable } from '../src/services/results/readers/csv-reader';
import { readFhirJson } from '../src/services/results/readers/fhir-reader';
import { largeLabBundle } from '../test/fixtures/results/fixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const OBSERVATIONS = 2_000;

function measure(name: string, run: () => number) {
  for (let warmUp = 0; warmUp < 3; warmUp += 1) run();
  const times: number[] = [];
  let count = 0;
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    count = run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = times.at(-1) ?? 0;
  console.log(
    `${name}: ${count} readings, median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (${RUNS} runs)`,
  );
}

const bundleText = JSON.stringify(largeLabBundle(OBSERVATIONS));
const csvText = [
  'Test;Result;Unit;Reference range;Date',
  ...Array.from(
    { length: OBSERVATIONS },
    (_, index) =>
      `LDL-C;${(3 + (index % 10) / 10).toFixed(1).replace('.', ',')};mmol/l;< 3,0;14.03.2026`,
  ),
].join('\n');

console.log(
  `FHIR bundle: ${(bundleText.length / 1024).toFixed(0)} KiB; CSV: ${(csvText.length / 1024).toFixed(0)} KiB`,
);
measure('FHIR bundle, 2,000 observations', () => readFhirJson(bundleText).readings.length);
measure('CSV, 2,000 rows', () => {
  const table = readCsvTable(csvText);
  if (!table.suggested) throw new Error('no suggested mapping');
  return applyCsvMapping(table, { mapping: table.suggested, hasHeader: true, collectedOn: null })
    .readings.length;
});
const readings = readFhirJson(bundleText).readings;
measure('match and convert 2,000 readings', () => {
  let converted = 0;
  for (const reading of readings) {
    const definition = matchBiomarker(reading);
    if (
      definition &&
      reading.value !== null &&
      convert(reading.value, reading.unit, definition) !== null
    )
      converted += 1;
  }
  return converted;
});
