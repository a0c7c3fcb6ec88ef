// The results page in a real browser: a customer whose FHIR report (four dated LDL readings, the
// latest in mmol/L, and an HbA1c) was read reads their flagged LDL, its range and its trend at
// phone and desktop widths, the table under the chart, and passes an accessibility scan.
import type { Locator, Page } from '@playwright/test';
import { createConfirmedAccount } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { uniqueEmail } from '../support/checkout-flow';
import { firstViewReady, interact, waitForLivePage } from '../support/first-view';
import { fullPageShot, SHOT_WIDTHS } from '../support/screenshots';
import { expect, test, type ShopFixture } from '../support/shop-server';

const SHOTS_DIR = '/tmp/shots';

const ldl = (date: string, value: number, unit: string, high: number, flag: string) => ({
  resource: {
    resourceType: 'Observation',
    id: `ldl-${date}`,
    status: 'final',
    code: {
      coding: [{ system: 'http://loinc.org', code: '13457-7', display: 'LDL cholesterol' }],
      text: 'LDL Cholesterol Calc',
    },
    effectiveDateTime: `${date}T08:15:00Z`,
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
    referenceRange: [{ high: { value: high, unit } }],
    interpretation: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
            code: flag,
          },
        ],
      },
    ],
  },
});

const REPORT = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    ldl('2025-03-03', 162, 'mg/dL', 100, 'H'),
    ldl('2025-06-02', 148, 'mg/dL', 100, 'H'),
    ldl('2025-09-01', 131, 'mg/dL', 100, 'H'),
    // 3.05 mmol/L is 118 mg/dL: converted, it stays on the same line.
    ldl('2025-12-01', 3.05, 'mmol/L', 2.59, 'H'),
    {
      resource: {
        resourceType: 'Observation',
        id: 'hba1c-2025-12-01',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '4548-4' }], text: 'Hemoglobin A1c' },
        effectiveDateTime: '2025-12-01T08:15:00Z',
        valueQuantity: { value: 5.4, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
        referenceRange: [{ low: { value: 4, unit: '%' }, high: { value: 5.6, unit: '%' } }],
      },
    },
  ],
};

const area = (page: Page): Locator => page.locator('[data-area="account"]');

/** A confirmed customer, signed in in `page`, whose report above has been read. */
async function customerWithReport(
  page: Page,
  shop: ShopFixture,
  name: string,
  report: object = REPORT,
): Promise<void> {
  await createConfirmedAccount(page.request, shop, {
    email: uniqueEmail('results'),
    name,
    password: 'results-password-123',
  });
  const uploaded = await page.request.post('/user/result-uploads', {
    // A signed-in change must come from the shop's own origin, as the browser's would.
    headers: { origin: shop.url },
    multipart: {
      file: {
        name: 'portal-export.json',
        mimeType: 'application/fhir+json',
        buffer: Buffer.from(JSON.stringify(report)),
      },
    },
  });
  expect(uploaded.status()).toBe(201);
  expect(await uploaded.json()).toMatchObject({ status: 'read' });
}

test('a customer reads a flagged LDL, its range and its trend on /account/results, on a phone and a desktop', async ({
  page,
  shop,
}) => {
  // Sign-up, an upload and two widths with an accessibility scan each on a two-core machine.
  test.setTimeout(120_000);
  await customerWithReport(page, shop, 'Robin Results');

  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // A deep link: the shell sends /account/results to the account area.
    await page.goto('/account/results');
    await expect(area(page).getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();

    const heart = area(page).getByRole('region', { name: 'Heart' });
    const card = heart.getByRole('listitem', { name: 'LDL cholesterol' });
    await expect(card.locator('.res-card-head')).toContainText('High');
    await expect(card.locator('.res-value-number')).toHaveText('118 mg/dL');
    await expect(card.getByRole('img', { name: '118 mg/dL, range under 100, high' })).toBeVisible();
    await expect(card).toContainText('Down 13 mg/dL since Sep 1, 2025');

    // The trend: a chart of all four readings (the mmol/L one converted) and the same in a table.
    const chart = card.getByRole('img', { name: /^LDL cholesterol over time: 4 readings/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('[data-point]')).toHaveCount(4);
    const table = card.getByRole('table', { name: 'LDL cholesterol: every reading, newest first' });
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row').nth(1)).toContainText('Dec 1, 2025');
    await expect(table.getByRole('row').nth(1)).toContainText('118 mg/dL');
    await expect(table.getByRole('row').nth(4)).toContainText('162 mg/dL');

    await expect(
      area(page)
        .getByRole('region', { name: 'Metabolism' })
        .getByRole('listitem', { name: 'HbA1c' })
        .locator('.res-card-head'),
    ).toContainText('In range');

    // Nothing is wider than the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPageShot(page, `${SHOTS_DIR}/account-results-${width}.png`);
  }
});

test('the results page arrives drawn by the server, for its owner only, and the live page takes it over at the first interaction', async ({
  page,
  shop,
  playwright,
}) => {
  await customerWithReport(page, shop, 'Sam Server');
  await firstViewReady(page.request, '/account/results');

  await page.setViewportSize({ width: 375, height: 800 });
  const response = await page.goto('/account/results');
  const html = await response!.text();
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  expect(html).toContain('"takeover":"on-interaction"');
  expect(html).toContain('LDL cholesterol</h3>');
  expect(html).toContain('118 mg/dL');
  // The readings are in the page once: not a second time as data for the live page.
  const state = /<script[^>]*id="shop-first-view"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(state).toBeDefined();
  expect(state).not.toContain('readingId');

  // Before any interaction the page on screen is the server's: the flagged value, its chart.
  const serverCard = page
    .locator('[data-first-view-area="account"]')
    .getByRole('listitem', { name: 'LDL cholesterol' });
  await expect(serverCard.locator('.res-value-number')).toHaveText('118 mg/dL');
  await expect(
    serverCard.getByRole('img', { name: /^LDL cholesterol over time: 4 readings/ }),
  ).toBeVisible();
  // Nothing is wider than the phone's screen before the live page measures its charts.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await fullPageShot(page, `${SHOTS_DIR}/account-results-first-view-375.png`);

  // The first interaction: the live page reads the results afresh and replaces the server's.
  const fresh = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/user/results',
  );
  await interact(page);
  expect((await fresh).status()).toBe(200);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
  const liveCard = area(page).getByRole('listitem', { name: 'LDL cholesterol' });
  await expect(liveCard.locator('.res-value-number')).toHaveText('118 mg/dL');
  await expect(
    liveCard.getByRole('table', { name: /^LDL cholesterol: every reading/ }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account/results');
  await expect(page.locator('[data-first-view-area="account"]')).toHaveCount(1);
  await fullPageShot(page, `${SHOTS_DIR}/account-results-first-view-1280.png`);

  // Someone without the session gets the page without a first view, and nothing of the results.
  const stranger = await playwright.request.newContext({ baseURL: shop.url });
  try {
    const anonymous = await stranger.get('/account/results', { headers: { accept: 'text/html' } });
    expect(anonymous.status()).toBe(200);
    const anonymousHtml = await anonymous.text();
    expect(anonymousHtml).not.toContain('id="shop-first-view"');
    expect(anonymousHtml).not.toContain('LDL cholesterol');
    expect(anonymousHtml).not.toContain('mg/dL');
  } finally {
    await stranger.dispose();
  }
});

/** A sample taken on Jan 10 (a date without a time), its glucose range only in words and mmol/L. */
const JANUARY_REPORT = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      resource: {
        resourceType: 'Observation',
        id: 'glucose-2026-01-10',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '2345-7' }], text: 'Glucose' },
        effectiveDateTime: '2026-01-10',
        valueQuantity: { value: 104, unit: 'mg/dL', system: 'http://unitsofmeasure.org' },
        referenceRange: [{ text: '3.9–5.5 mmol/L fasting' }],
      },
    },
    {
      resource: {
        resourceType: 'Observation',
        id: 'tsh-2026-01-10',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '3016-3' }], text: 'TSH' },
        effectiveDateTime: '2026-01-10',
        valueQuantity: { value: 2.1, unit: 'm[IU]/L', system: 'http://unitsofmeasure.org' },
        referenceRange: [{ text: '0.4 to 4.0 mIU/L' }],
      },
    },
  ],
};

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a sample taken Jan 10 reads Jan 10 on the server-drawn page and after it goes live; a range in words is drawn and flagged', async ({
    page,
    shop,
  }) => {
    test.setTimeout(120_000);
    await customerWithReport(page, shop, 'Nia New York', JANUARY_REPORT);
    await firstViewReady(page.request, '/account/results');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The browser is in New York, where Jan 10 at UTC midnight is still the evening of Jan 9.
    expect(await page.evaluate(() => new Date('2026-01-10T00:00:00.000Z').getDate())).toBe(9);

    await page.goto('/account/results');
    const serverCard = page
      .locator('[data-first-view-area="account"]')
      .getByRole('listitem', { name: 'Glucose (fasting)' });
    await expect(serverCard.locator('.res-value')).toContainText('on Jan 10, 2026');

    await interact(page);
    await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
    const glucose = area(page).getByRole('listitem', { name: 'Glucose (fasting)' });
    await expect(glucose.locator('.res-value')).toContainText('on Jan 10, 2026');
    await expect(glucose.getByRole('table').getByRole('row').nth(1)).toContainText('Jan 10, 2026');
    await expect(
      area(page).getByRole('region', { name: 'Where these results come from' }),
    ).toContainText('Sample taken Jan 10, 2026');
    await expect(area(page)).not.toContainText('Jan 9, 2026');

    // 3.9–5.5 mmol/L is 70–99 mg/dL: 104 mg/dL is high, on a bar with its bounds.
    await expect(glucose.locator('.res-card-head')).toContainText('High');
    await expect(glucose).toContainText('Reference range: 70–99 mg/dL');
    await expect(glucose.getByRole('img', { name: '104 mg/dL, range 70–99, high' })).toBeVisible();
    await expect(glucose.locator('.res-bar-scale')).toHaveText('7099');
    // Units as people write them.
    const tsh = area(page).getByRole('listitem', { name: 'TSH' });
    await expect(tsh.locator('.res-value-number')).toHaveText('2.1 mIU/L');
    await expect(tsh).toContainText('Reference range: 0.4–4.0 mIU/L');
  });
});

test('the mg/dL ⇄ mmol/L switch works from the keyboard, keeps the lab’s value beside a conversion and is remembered', async ({
  page,
  shop,
}) => {
  test.setTimeout(120_000);
  await customerWithReport(page, shop, 'Uma Units');
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/results');
    await waitForLivePage(page);
    const units = area(page).getByRole('group', { name: 'Cholesterol and glucose in' });
    const card = area(page).getByRole('listitem', { name: 'LDL cholesterol' });
    if (width === SHOT_WIDTHS[0]) {
      // The December value was written in mmol/L: beside its mg/dL, the lab's own words.
      await expect(card.locator('.res-value-number')).toHaveText('118 mg/dL');
      await expect(card.locator('.res-lab')).toHaveText('Lab reported 3.05 mmol/L');
      await units.getByRole('radio', { name: 'mg/dL' }).focus();
      await page.keyboard.press('ArrowRight');
    }
    await expect(units.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
    await expect(card.locator('.res-value-number')).toHaveText('3.05 mmol/L');
    await expect(card.locator('.res-lab')).toHaveCount(0);
    await expect(
      card.getByRole('img', { name: '3.05 mmol/L, range under 2.59, high' }),
    ).toBeVisible();
    await expect(card.locator('[data-axis-unit]')).toHaveText('mmol/L');
    // The March value was written in mg/dL: its conversion carries the lab's words.
    await expect(card.getByRole('table').getByRole('row').nth(4)).toContainText(
      '4.19 mmol/Llab: 162 mg/dL',
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPageShot(page, `${SHOTS_DIR}/account-results-units-${width}.png`);
  }
});
