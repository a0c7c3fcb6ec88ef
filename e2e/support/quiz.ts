// The quiz's seeded questions answered one way, for the specs that run it to its recommendation.
import { expect, type Page } from '@playwright/test';

/** What the answers below send as quiz_completed. */
export const QUIZ_COMPLETED = {
  event: 'quiz_completed',
  answers: { sex: 'female', age: '45_59', goal: 'energy', history: 'no', frequency: 'yearly' },
  recommendation: 'bloodwise-quarterly',
};

/** From the third question (the goal) to the recommendation, which then has the focus. */
export async function answerFromGoalToRecommendation(page: Page): Promise<void> {
  await page.getByText('Energy, weight and blood sugar').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('No', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Once a year').click();
  await page.getByRole('button', { name: 'See my recommendation' }).click();
  await expect(
    page.getByRole('heading', { name: 'We recommend: Bloodwise Quarterly' }),
  ).toBeFocused();
}
