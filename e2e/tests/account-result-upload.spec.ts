// Results upload in a real browser: a visitor on /upload-results signs up, the emailed link brings
// them back to the upload, and on a phone-sized screen they upload a photo of a report, type its
// value on the confirmation page (nothing counts before), download the same bytes and delete it.
// Signed in, /upload-results links straight to the upload.
import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { signupConfirmationLink } from '../support/accounts';
import { uniqueEmail } from '../support/checkout-flow';
import { waitForLivePage } from '../support/first-view';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

// A 1×1 PNG: a photo has no text to read, so the customer types the values.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const SHOTS = '/tmp/shots/results-flow';

const area = (page: Page): Locator => page.locator('[data-area="account"]');
const uploads = (page: Page): Locator => area(page).getByRole('region', { name: 'Lab results' });

test('visitor signs up from /upload-results, comes back to the upload, confirms the values of a photo, downloads and deletes it', async ({
  page,
  shop,
}) => {
  // Sign-up, confirmation and three round trips on a two-core machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('uploader');
  await fs.mkdir(SHOTS, { recursive: true });

  await page.goto('/upload-results');
  await waitForLivePage(page);
  await page.getByRole('link', { name: 'Create a free account to upload' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=%2Faccount%2Fuploads$/);

  const signup = area(page);
  await signup.getByLabel('Full name').fill('Riley Results');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill('results-password-123');
  await signup.getByRole('button', { name: 'Create account' }).click();
  await expect(signup.getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();

  // The emailed link logs in and lands on the upload, its heading focused.
  await page.goto(await signupConfirmationLink(shop, email));
  await expect(page).toHaveURL(/\/account\/uploads$/);
  await expect(uploads(page).getByRole('heading', { level: 2, name: 'Lab results' })).toBeFocused();
  await expect(uploads(page).getByText('No lab results uploaded yet.')).toBeVisible();

  // A phone-sized screen from here on.
  await page.setViewportSize({ width: 375, height: 800 });
  const chooser = page.waitForEvent('filechooser');
  await uploads(page).getByRole('button', { name: 'Upload a lab report' }).click();
  await (
    await chooser
  ).setFiles({ name: 'quest-results.png', mimeType: 'image/png', buffer: PHOTO });

  // A photo opens its confirmation page: nothing counts until the customer confirms the values.
  await expect(page).toHaveURL(/\/account\/results\/uploads\/[0-9a-f-]{36}$/);
  const step = area(page);
  await expect(step.getByRole('heading', { level: 1, name: 'Check the values' })).toBeVisible();
  await expect(step.getByText('Nothing from this file counts until you confirm it.')).toBeVisible();
  await step.getByLabel('Collection date').fill('2026-02-14');
  const value = step.getByRole('group', { name: 'Value 1' });
  await value.getByLabel('Test name').fill('Vitamin D, 25-Hydroxy');
  // By role: "Remove value 1" is a label with "value" in it too.
  await value.getByRole('textbox', { name: /Value$/ }).fill('24');
  await value.getByLabel('Unit').fill('ng/mL');
  await value.getByLabel('Range low').fill('30');
  await value.getByLabel('Range high').fill('100');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await screenshotAtWidths(page, SHOTS, 'photo-confirm');
  await step.getByRole('button', { name: 'Confirm these values' }).click();
  await expect(step.getByRole('status')).toHaveText('Read 1 value collected on Feb 14, 2026.');

  await page.goto('/account/uploads');
  const row = uploads(page)
    .getByRole('list', { name: 'Uploaded lab results' })
    .getByRole('listitem')
    .filter({ hasText: 'quest-results.png' });
  await expect(row).toContainText('Read');
  await expect(row).toContainText('1 value read');
  await expect(row).toContainText(`PNG image · ${PHOTO.length} bytes · uploaded`);
  // Nothing in the panel is wider than the phone's screen.
  expect(await uploads(page).evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(
    true,
  );
  await screenshotAtWidths(page, SHOTS, 'account-uploads');

  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download quest-results.png' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('quest-results.png');
  expect((await fs.readFile(await file.path())).equals(PHOTO)).toBe(true);

  await row.getByRole('button', { name: 'Delete quest-results.png' }).click();
  await page.getByRole('button', { name: 'Delete file' }).click();
  await expect(uploads(page).getByRole('status')).toHaveText('Deleted quest-results.png.');
  await expect(uploads(page).getByText('No lab results uploaded yet.')).toBeVisible();

  // Signed in, the upload page's call to action goes straight to the upload.
  await page.goto('/upload-results');
  await waitForLivePage(page);
  await page.getByRole('link', { name: 'Upload your results' }).click();
  await expect(page).toHaveURL(/\/account\/uploads$/);
  await expect(uploads(page)).toBeVisible();
});
