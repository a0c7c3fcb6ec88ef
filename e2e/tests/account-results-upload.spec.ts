// Lab results read in a real browser: a customer uploads their portal's FHIR bundle (read at once)
// and a CSV (columns matched and confirmed on its own page), then reads a flagged LDL and its trend
// across both reports on /account/results, on a phone and a desktop screen, with an axe scan. The
// results pages are private: no page-view log, dataLayer push or chat widget runs on them.
import fs from 'node:fs/promises';
import type { Locator, Page, Request } from '@playwright/test';
import { createConfirmedAccount } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { uniqueEmail } from '../support/checkout-flow';
import { readDataLayer } from '../support/data-layer';
import { interact } from '../support/first-view';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/results-flow';

/** A patient portal's export: one DiagnosticReport with its LDL Observation, flagged high. */
const FHIR_BUNDLE = JSON.stringify({
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      resource: {
        resourceType: 'Observation',
        id: 'ldl-jan',
        status: 'final',
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'laboratory',
              },
            ],
          },
        ],
        code: {
          coding: [{ system: 'http://loinc.org', code: '13457-7', display: 'LDL Cholesterol' }],
          text: 'LDL Cholesterol',
        },
        effectiveDateTime: '2026-01-10T08:30:00Z',
        valueQuantity: { value: 162, unit: 'mg/dL', system: 'http://unitsofmeasure.org' },
        referenceRange: [{ high: { value: 100, unit: 'mg/dL' } }],
        interpretation: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
                code: 'H',
              },
            ],
          },
        ],
      },
    },
  ],
});

/** A lab's CSV three months later: no date column, so the customer types it. */
const CSV = [
  'Test,Result,Units,Reference range',
  'LDL Cholesterol,131,mg/dL,<100',
  'Glucose,5.4,mmol/L,3.9-5.6',
].join('\n');

const area = (page: Page): Locator => page.locator('[data-area="account"]');
const uploads = (page: Page): Locator => area(page).getByRole('region', { name: 'Lab results' });

async function upload(page: Page, name: string, mimeType: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await uploads(page).getByRole('button', { name: 'Upload a lab report' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(text) });
}

/** Records every page view the shell logs and whether a chat widget is on the page. */
function watchPrivacy(page: Page) {
  const pageViews: { url: string; referringUrl: string }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/impact/log-page-view'))
      pageViews.push(request.postDataJSON() as { url: string; referringUrl: string });
  });
  return {
    pageViews,
    chat: page.getByRole('button', { name: 'Chat with us' }),
  };
}

test('a customer uploads a FHIR bundle and a CSV, matches its columns, and reads a flagged LDL and its trend', async ({
  page,
  shop,
}) => {
  // Sign-up, two uploads, a confirmation and scans at two widths on a two-core machine.
  test.setTimeout(180_000);
  await fs.mkdir(SHOTS, { recursive: true });
  const privacy = watchPrivacy(page);
  await createConfirmedAccount(page.request, shop, {
    email: uniqueEmail('results'),
    name: 'Rowan Results',
    password: 'results-password-123',
  });

  await page.goto('/account/uploads');
  await expect(uploads(page).getByText('No lab results uploaded yet.')).toBeVisible();
  // An ordinary account page: logged, and the chat is there.
  await expect.poll(() => privacy.pageViews.map((view) => view.url)).toContain('/account/uploads');
  await expect(privacy.chat).toBeVisible();

  // The FHIR bundle is read at once.
  await upload(page, 'mychart-export.json', 'application/fhir+json', FHIR_BUNDLE);
  await expect(uploads(page).getByRole('status')).toHaveText(
    'Uploaded mychart-export.json and read 1 value. They are on your results page.',
  );
  const fhirRow = uploads(page).getByRole('listitem').filter({ hasText: 'mychart-export.json' });
  await expect(fhirRow).toContainText('1 value read');

  // The CSV opens its column step, on its own page.
  await upload(page, 'lab-april.csv', 'text/csv', CSV);
  await expect(page).toHaveURL(/\/account\/results\/uploads\/[0-9a-f-]{36}$/);
  const step = area(page);
  await expect(step.getByRole('heading', { level: 1, name: 'Match the columns' })).toBeVisible();
  const table = step.getByRole('table', { name: 'The start of your file, as we read it' });
  await expect(table.getByRole('cell', { name: 'LDL Cholesterol' })).toBeVisible();
  await expect(
    step.getByRole('checkbox', { name: /first row holds the column names/ }),
  ).toBeChecked();
  await expect(step.getByText(/nothing in this file counts until you confirm/i)).toBeVisible();
  await expect(privacy.chat).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshotAtWidths(page, SHOTS, 'csv-columns');

  await step.getByLabel('Date the sample was collected').fill('2026-04-10');
  await step.getByRole('button', { name: 'Read the values with these columns' }).click();
  await expect(step.getByRole('heading', { level: 1, name: 'Your lab report' })).toBeFocused();
  await expect(step.getByRole('status')).toHaveText('Read 2 values collected on Apr 10, 2026.');
  const read = step.getByRole('table', { name: 'What we read from this file' });
  await expect(
    read.getByRole('row', { name: /LDL Cholesterol 131 mg\/dL under 100/ }),
  ).toBeVisible();
  await screenshotAtWidths(page, SHOTS, 'csv-read');
  await step.getByRole('link', { name: 'See your results' }).click();

  // The results page: LDL flagged high, down since January, its trend drawn and in a table.
  await expect(page).toHaveURL(/\/account\/results$/);
  const ldl = area(page).getByRole('listitem', { name: 'LDL cholesterol' });
  // The range bar says in words where the latest value sits.
  await expect(ldl.getByRole('img', { name: '131 mg/dL, range under 100, high' })).toBeVisible();
  await expect(ldl).toContainText('High');
  await expect(ldl).toContainText('Down 31 mg/dL since Jan 10, 2026');
  const trend = ldl.getByRole('table', { name: 'LDL cholesterol: every reading, newest first' });
  await expect(trend.getByRole('row')).toHaveCount(3);
  await expect(trend.getByRole('row').nth(1)).toContainText('Apr 10, 2026');
  await expect(trend.getByRole('row').nth(2)).toContainText('Jan 10, 2026');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(ldl.getByRole('heading', { level: 3, name: 'LDL cholesterol' })).toBeVisible();
    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoSeriousA11yViolations(page);
  }
  await screenshotAtWidths(page, SHOTS, 'results-page');

  // Private: no page view of a results page, nor one naming it as referrer; no chat; no dataLayer.
  expect(privacy.pageViews.filter((view) => /\/account\/results/.test(view.url))).toEqual([]);
  expect(privacy.pageViews.filter((view) => /\/account\/results/.test(view.referringUrl))).toEqual(
    [],
  );
  await expect(privacy.chat).toHaveCount(0);
  const layer = JSON.stringify(await readDataLayer(page));
  for (const value of ['131', '162', 'LDL', 'mg/dL']) expect(layer).not.toContain(value);
});

test('the results pages log no page view, push nothing to the dataLayer and show no chat', async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  const privacy = watchPrivacy(page);
  await createConfirmedAccount(page.request, shop, {
    email: uniqueEmail('private'),
    name: 'Pat Private',
    password: 'private-password-123',
  });
  await page.goto('/account');
  await expect.poll(() => privacy.pageViews.map((view) => view.url)).toContain('/account');
  // The chat is the live shell's, which starts at the first interaction on this page.
  await interact(page);
  await expect(privacy.chat).toBeVisible();
  const layerBefore = (await readDataLayer(page)).length;

  // In-app navigation to the results, then a reload there (a first view of the page).
  await area(page).getByRole('link', { name: 'Results', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/results$/);
  await expect(area(page).getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
  await expect(privacy.chat).toHaveCount(0);
  // Nothing was pushed while the results page was open.
  expect(await readDataLayer(page)).toHaveLength(layerBefore);
  await page.reload();
  await expect(area(page).getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
  await expect(privacy.chat).toHaveCount(0);
  // A missing upload's page is below the results too.
  await page.goto('/account/results/uploads/00000000-0000-4000-8000-000000000000');
  await expect(area(page).getByRole('alert')).toContainText('We could not find this lab report');
  await expect(privacy.chat).toHaveCount(0);
  expect(await readDataLayer(page)).toEqual([]);

  // Back on an ordinary page the log starts again, without naming the results page it came from.
  await area(page).getByRole('link', { name: 'See your lab reports' }).click();
  await expect(page).toHaveURL(/\/account\/uploads$/);
  await expect.poll(() => privacy.pageViews.map((view) => view.url)).toContain('/account/uploads');
  expect(privacy.pageViews.filter((view) => /\/account\/results/.test(view.url))).toEqual([]);
  expect(privacy.pageViews.find((view) => view.url === '/account/uploads')?.referringUrl).toBe('');
  await expect(privacy.chat).toBeVisible();
});
