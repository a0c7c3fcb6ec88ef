// Catalog in a real browser: the quiz to a recommendation with quiz_completed in
// dataLayer, both waiting lists storing their source, and an anonymous referral being stored.
import type { APIRequestContext } from '@playwright/test';
import { API_PATHS } from '../../shared/src/contract/paths';
import { uniqueEmail } from '../support/checkout-flow';
import { waitForDataLayerEvent } from '../support/data-layer';
import { waitForLivePage } from '../support/first-view';
import { answerFromGoalToRecommendation, QUIZ_COMPLETED } from '../support/quiz';
import { expect, test } from '../support/shop-server';

/** Posts the same sign-up again through the API: alreadyOnList says whether the browser's one was stored. */
async function onList(
  api: APIRequestContext,
  email: string,
  source: 'ny_waitlist' | 'ca_supplements',
): Promise<boolean> {
  const response = await api.post(API_PATHS.invitation, {
    data: { email, first_name: 'Check', last_name: 'Check', source },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { alreadyOnList: boolean }).alreadyOnList;
}

test('the quiz runs to a recommendation with a reason and pushes quiz_completed with the answers', async ({
  page,
}) => {
  await page.goto('/quiz/which-test-is-right-for-me');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Which test is right for me?' }),
  ).toBeVisible();
  const progress = page.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  // Mouse for the first answer, then the keyboard: number keys choose, Enter moves on.
  await page.getByText('Female', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2 of 5')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '20');
  expect(await page.evaluate(() => window.localStorage.getItem('user_sex'))).toBe('female');

  await page.keyboard.press('3'); // 45 to 59
  await page.keyboard.press('Enter');
  await page.keyboard.press('3'); // Energy, weight and blood sugar
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: '45 to 59' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await answerFromGoalToRecommendation(page);
  await expect(page.getByText('Tracking energy and blood sugar works best')).toBeVisible();
  const [completed] = await waitForDataLayerEvent(page, 'quiz_completed');
  expect(completed).toEqual(QUIZ_COMPLETED);

  await page.getByRole('button', { name: 'Add to cart: Bloodwise Quarterly' }).click();
  await waitForDataLayerEvent(page, 'add_to_cart');
  await expect(page.getByRole('link', { name: /^Cart,? 1 item$/ })).toBeVisible();
});

test('the New York waitlist on the main page stores ny_waitlist, and a repeat is answered kindly', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ny');
  await page.goto('/');
  // Below the fold, the form (and its code) arrives as it is scrolled near.
  await expect(page.locator('[data-section="waitlist"] .cat-block-skeleton')).toHaveCount(1);
  await waitForLivePage(page);
  await page.getByRole('heading', { name: 'Coming soon to New York' }).scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Coming soon to New York' });
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await form.getByLabel('Full name').fill('Mary Ann Lee');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('You are on the New York waitlist.')).toBeVisible();

  // Stored under its own source only.
  expect(await onList(request, email, 'ny_waitlist')).toBe(true);
  expect(await onList(request, uniqueEmail('other'), 'ny_waitlist')).toBe(false);

  // Signing up again from the page: a warm "already" message, not an error.
  await page.getByRole('button', { name: 'Add another person' }).click();
  await form.getByLabel('Full name').fill('Mary Ann Lee');
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('you were already on the New York waitlist')).toBeVisible();
});

test('the California supplements waitlist on /programs stores ca_supplements', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ca');
  await page.goto('/programs');
  await waitForLivePage(page);
  await page.getByRole('heading', { name: /California/ }).scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: /California/ });
  await form.getByLabel('Full name').fill('Cher');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('You are on the California supplements waitlist.')).toBeVisible();
  expect(await onList(request, email, 'ca_supplements')).toBe(true);
  // Not on the New York list: the source was kept apart.
  expect(await onList(request, email, 'ny_waitlist')).toBe(false);
});

test('an anonymous referral is validated, refused for oneself, then stored and the friend emailed', async ({
  page,
  request,
  shop,
}) => {
  const me = uniqueEmail('me');
  const friend = uniqueEmail('friend');
  await page.goto('/');
  await waitForLivePage(page);
  await page
    .getByRole('heading', { name: 'Know someone who should check their numbers?' })
    .scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Know someone who should check their numbers?' });
  await form.getByLabel('Your email').fill(me);
  await form.getByLabel("Friend's email").fill('not-an-email');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await form.getByLabel("Friend's email").fill(me.toUpperCase());
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('You cannot refer yourself')).toBeVisible();

  await form.getByLabel("Friend's email").fill(friend);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('We have sent your friend an invitation.')).toBeVisible();

  // Stored: the API now answers the same referral with alreadyReferred, and the friend has one email.
  const again = await request.post(API_PATHS.anonymousReferral, {
    data: { email: me, referred: friend },
  });
  expect(await again.json()).toEqual({ ok: true, alreadyReferred: true });
  const mail = await shop.outbox(friend);
  expect(mail).toHaveLength(1);
});
