// Results upload in a real browser: a visitor on /upload-results signs up, the emailed link brings
// them back to the upload, and on a phone-sized screen they upload a PDF, download the same bytes
// and delete it. Signed in, /upload-results links straight to the upload.
import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { signupConfirmationLink } from '../support/accounts';
import { uniqueEmail } from '../support/checkout-flow';
import { waitForLivePage } from '../support/first-view';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

const area = (page: Page): Locator => page.locator('[data-area="account"]');
const uploads = (page: Page): Locator => area(page).getByRole('region', { name: 'Lab results' });

test('visitor signs up from /upload-results, comes back to the upload, uploads, downloads and deletes a PDF', async ({
  page,
  shop,
}, testInfo) => {
  // Sign-up, confirmation and three round trips on a two-core machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('uploader');

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
  ).setFiles({ name: 'quest-results.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(uploads(page).getByRole('status')).toHaveText('Uploaded quest-results.pdf.');
  const row = uploads(page)
    .getByRole('list', { name: 'Uploaded lab results' })
    .getByRole('listitem')
    .filter({ hasText: 'quest-results.pdf' });
  await expect(row).toContainText('Received');
  await expect(row).toContainText(`PDF · ${PDF.length} bytes · uploaded`);
  // Nothing in the panel is wider than the phone's screen.
  expect(await uploads(page).evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(
    true,
  );
  await screenshotAtWidths(page, testInfo.outputDir, 'account-uploads');

  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download quest-results.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('quest-results.pdf');
  expect((await fs.readFile(await file.path())).equals(PDF)).toBe(true);

  await row.getByRole('button', { name: 'Delete quest-results.pdf' }).click();
  await page.getByRole('button', { name: 'Delete file' }).click();
  await expect(uploads(page).getByRole('status')).toHaveText('Deleted quest-results.pdf.');
  await expect(uploads(page).getByText('No lab results uploaded yet.')).toBeVisible();

  // Signed in, the upload page's call to action goes straight to the upload.
  await page.goto('/upload-results');
  await waitForLivePage(page);
  await page.getByRole('link', { name: 'Upload your results' }).click();
  await expect(page).toHaveURL(/\/account\/uploads$/);
  await expect(uploads(page)).toBeVisible();
});
