// Lab results in a real browser beyond FHIR and CSV: a customer uploads a text PDF, sees it being
// read, confirms the values the shop suggests from its text and reads them on /account/results;
// the demo customer's page shows their three dated reports and a flagged LDL coming down; and a
// customer with five years of quarterly reports of 60 biomarkers gets the whole page at 375 px.
import type { Locator, Page } from '@playwright/test';
import type { ResultUpload } from '../../shared/src/contract/result-uploads';
import { DEMO_USER } from '../../api/src/db/seed/demo-partners-and-discounts';
import { textPdf } from '../../api/test/helpers/result-reports';
import { createConfirmedAccount } from '../support/accounts';
import { quarterlyResultReports } from '../support/bench-session';
import { uniqueEmail } from '../support/checkout-flow';
import { fullPageShot, screenshotAtWidths, SHOT_WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/results-finish';

const area = (page: Page): Locator => page.locator('[data-area="account"]');
const uploads = (page: Page): Locator => area(page).getByRole('region', { name: 'Lab results' });

test('a customer uploads a text PDF, sees it read, confirms the suggested values and reads them on /account/results', async ({
  page,
  shop,
}) => {
  // Sign-up, an upload read by a job and two pages on a two-core machine.
  test.setTimeout(120_000);
  await createConfirmedAccount(page.request, shop, {
    email: uniqueEmail('results-pdf'),
    name: 'Parker Pdf',
    password: 'results-password-123',
  });
  const pdf = textPdf([
    'Quest Diagnostics - Lipid panel',
    'LDL Cholesterol 131 mg/dL <100 H',
    'Collected 2026-09-01',
  ]);

  // The job reads a one-page PDF in well under a second, before the page has asked; so the
  // page's first question is answered with the upload as the server stored it (reading, 0%),
  // and every later one by the server.
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/user/result-uploads'),
  );
  let firstDetail = true;
  await page.route(/\/user\/result-uploads\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() !== 'GET' || !firstDetail) return route.fallback();
    firstDetail = false;
    const upload = (await (await stored).json()) as ResultUpload;
    await route.fulfill({ json: { upload, draft: null, readings: [] } });
  });

  await page.goto('/account/uploads');
  const chooser = page.waitForEvent('filechooser');
  await uploads(page).getByRole('button', { name: 'Upload a lab report' }).click();
  await (
    await chooser
  ).setFiles({ name: 'quest-lipids.pdf', mimeType: 'application/pdf', buffer: pdf });
  expect(((await (await stored).json()) as ResultUpload).status).toBe('reading');

  await expect(page).toHaveURL(/\/account\/results\/uploads\/[0-9a-f-]{36}$/);
  const step = area(page);
  await expect(
    step.getByRole('heading', { level: 1, name: 'Reading your lab report' }),
  ).toBeVisible();
  await expect(step.getByRole('progressbar', { name: 'Reading quest-lipids.pdf' })).toBeVisible();
  await expect(step.getByRole('status')).toHaveText('Read 0% so far…');
  await screenshotAtWidths(page, SHOTS, 'pdf-reading');

  // The page asks again while reading; the server has the suggestions by then.
  await expect(step.getByRole('heading', { level: 1, name: 'Check the values' })).toBeVisible();
  await expect(step.getByText('Nothing from this file counts until you confirm it.')).toBeVisible();
  await expect(step.getByText(/^We found 1 value in this file\./)).toBeVisible();
  await expect(step.getByLabel('Collection date')).toHaveValue('2026-09-01');
  const value = step.getByRole('group', { name: 'Value 1' });
  await expect(value.getByLabel('Test name')).toHaveValue(/LDL/i);
  await expect(value.getByRole('textbox', { name: /Value$/ })).toHaveValue('131');
  await expect(value.getByLabel('Unit')).toHaveValue('mg/dL');
  await expect(value.getByLabel('Range high')).toHaveValue('100');
  // Nothing counts yet: the results page has no LDL.
  expect(
    ((await (await page.request.get('/user/results')).json()) as { biomarkers: unknown[] })
      .biomarkers,
  ).toEqual([]);
  await screenshotAtWidths(page, SHOTS, 'pdf-confirm');
  await step.getByRole('button', { name: 'Confirm these values' }).click();
  await expect(step.getByRole('status')).toHaveText('Read 1 value collected on Sep 1, 2026.');
  await screenshotAtWidths(page, SHOTS, 'pdf-read');

  await page.goto('/account/results');
  const card = area(page)
    .getByRole('region', { name: 'Heart' })
    .getByRole('listitem', { name: 'LDL cholesterol' });
  await expect(card.locator('.res-value-number')).toHaveText('131 mg/dL');
  await expect(card.getByRole('img', { name: '131 mg/dL, range under 100, high' })).toBeVisible();
  await expect(
    area(page)
      .getByRole('region', { name: 'Where these results come from' })
      .getByRole('listitem')
      .filter({ hasText: 'quest-lipids.pdf' }),
  ).toContainText('Sample taken Sep 1, 2026');
});

test('the demo customer sees three dated reports and a flagged LDL coming down', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/auth2/login/password', {
    data: { username: DEMO_USER.email, password: DEMO_USER.password },
  });
  expect(login.ok()).toBe(true);
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/results');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    const sources = area(page)
      .getByRole('region', { name: 'Where these results come from' })
      .getByRole('listitem');
    await expect(sources).toHaveCount(3);
    for (const source of await sources.all())
      await expect(source).toContainText(/Sample taken \w{3} \d+, \d{4}/);
    const ldl = area(page)
      .getByRole('region', { name: 'Heart' })
      .getByRole('listitem', { name: 'LDL cholesterol' });
    await expect(ldl.locator('.res-card-head')).toContainText('High');
    await expect(ldl.locator('.res-change')).toHaveAttribute('data-direction', 'down');
    await expect(
      ldl.getByRole('img', { name: /^LDL cholesterol over time: 3 readings/ }),
    ).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPageShot(page, `${SHOTS}/demo-results-${width}.png`);
  }
});

test('five years of quarterly reports of 60 biomarkers fit a phone screen', async ({
  page,
  shop,
}) => {
  // Twenty uploads read in the request, then a long page at two widths.
  test.setTimeout(240_000);
  await createConfirmedAccount(page.request, shop, {
    email: uniqueEmail('results-60'),
    name: 'Quinn Quarterly',
    password: 'results-password-123',
  });
  for (const [index, report] of quarterlyResultReports().entries()) {
    const uploaded = await page.request.post('/user/result-uploads', {
      headers: { origin: shop.url },
      multipart: {
        file: {
          name: `report-${index + 1}.json`,
          mimeType: 'application/fhir+json',
          buffer: Buffer.from(report),
        },
      },
    });
    expect(uploaded.status()).toBe(201);
  }
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/results');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
    await expect(area(page).locator('li.res-card')).toHaveCount(60);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPageShot(page, `${SHOTS}/results-60-biomarkers-${width}.png`);
  }
});
