import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_SEX_KEY } from '@shop/shared/client-state/client-storage';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { CatalogRoot } from '../src/app/parcel';
import { withFakeApi } from './support/fake-api';

// antd forms and userEvent typing are slow on a shared CI core.
jest.setTimeout(30_000);

const progress = () => screen.getByRole('progressbar');

describe('quiz: which test is right for me', () => {
  const fakeApi = withFakeApi();

  it('walks the questions with Back and Next, stores user_sex and recommends with a reason', async () => {
    const { record } = renderArea(CatalogRoot, { path: '/quiz/which-test-is-right-for-me' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Which test is right for me?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    const next = () => screen.getByRole('button', { name: /Next|See my recommendation/ });
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    // "Next" is never disabled (a press on the server's first view must reach it): with no answer
    // it says so and stays on the question.
    expect(next()).toBeEnabled();
    await userEvent.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an answer to go on.');
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(USER_SEX_KEY)).toBe('female');
    await userEvent.click(next());
    expect(screen.getByRole('group', { name: 'What matters most?' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '33');
    // Focus follows the new question for keyboard and screen-reader users.
    expect(screen.getByText('What matters most?')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    expect(window.localStorage.getItem(USER_SEX_KEY)).toBe('male');
    await userEvent.click(next());

    await userEvent.click(screen.getByRole('radio', { name: 'A check-up' }));
    await userEvent.click(next());
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Every three months' }));
    await userEvent.click(screen.getByRole('button', { name: 'See my recommendation' }));

    expect(
      screen.getByRole('heading', { level: 2, name: 'We recommend: Quarterly Plan' }),
    ).toHaveFocus();
    expect(screen.getByText('Every three months shows trends.')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(record.tracked.filter((entry) => entry.event === 'quiz_completed')).toEqual([
      {
        event: 'quiz_completed',
        params: {
          answers: { sex: 'male', goal: 'checkup', frequency: 'quarterly' },
          recommendation: 'quarterly',
        },
      },
    ]);

    // The recommendation can go straight into the cart.
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Quarterly Plan' }));
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
    expect(fakeApi().cart().items).toEqual([{ lookupKey: 'plan_quarter', quantity: 1 }]);
  });

  it('works from the keyboard alone: number keys choose, Enter moves on', async () => {
    const { record } = renderArea(CatalogRoot, { path: '/quiz/which-test-is-right-for-me' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Female' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();

    // Focus is on the question; "2" picks the second answer and Enter goes on.
    await userEvent.keyboard('2');
    expect(screen.getByRole('radio', { name: 'My heart' })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    await userEvent.keyboard('1');
    await userEvent.keyboard('{Enter}');

    const result = screen.getByRole('region', { name: 'We recommend: Heart Program' });
    expect(within(result).getByText('Your heart comes first.')).toBeInTheDocument();
    expect(record.tracked.find((entry) => entry.event === 'quiz_completed')?.params).toEqual({
      answers: { sex: 'female', goal: 'heart', frequency: 'once' },
      recommendation: 'program',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
  });
});
