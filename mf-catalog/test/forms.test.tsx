import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@shop/shared/contract/paths';
import { renderArea } from '@shop/shared/shell-contract/test-shell';
import { CatalogRoot } from '../src/app/parcel';
import { withFakeApi, type FakeApi } from './support/fake-api';

// antd forms and userEvent typing are slow on a shared CI core.
jest.setTimeout(30_000);
// The page and its form load as lazy chunks; the first find waits for both.
const SLOW = { timeout: 10_000 };

const posts = (api: FakeApi, path: string) =>
  api.requests
    .filter((request) => request.method === 'post' && request.url === path)
    .map((request) => request.body);

describe('waitlist forms', () => {
  const fakeApi = withFakeApi();

  it('checks the New York form on the main page before sending, then splits the name and sends source ny_waitlist', async () => {
    fakeApi().respond(API_PATHS.invitation, () => ({
      status: 200,
      data: { ok: true, alreadyOnList: false },
    }));
    renderArea(CatalogRoot, { path: '/' });
    const form = await screen.findByRole('form', { name: 'Coming soon to New York' }, SLOW);
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByText('Please enter your name')).toBeInTheDocument();
    expect(within(form).getByText('Please enter your email')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Full name'), 'Mary Ann Lee');
    await userEvent.type(within(form).getByLabelText('Email'), 'mary@');
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fakeApi(), API_PATHS.invitation)).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Email'), 'example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('Welcome to the list!')).toBeInTheDocument();
    expect(posts(fakeApi(), API_PATHS.invitation)).toEqual([
      {
        email: 'mary@example.com',
        first_name: 'Mary',
        last_name: 'Ann Lee',
        source: 'ny_waitlist',
      },
    ]);
  });

  it('tells a returning visitor warmly that they are already on the California list', async () => {
    fakeApi().respond(API_PATHS.invitation, () => ({
      status: 200,
      data: { ok: true, alreadyOnList: true },
    }));
    renderArea(CatalogRoot, { path: '/programs' });
    const form = await screen.findByRole('form', { name: 'Supplements in California' }, SLOW);
    await userEvent.type(within(form).getByLabelText('Full name'), 'Cher');
    await userEvent.type(within(form).getByLabelText('Email'), 'cher@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    const status = await screen.findByRole('status', { name: '' });
    expect(status).toHaveTextContent('You are already on the list');
    expect(status).toHaveTextContent('Good news: you were already on this list.');
    // A single word repeats as the last name.
    expect(posts(fakeApi(), API_PATHS.invitation)).toEqual([
      {
        email: 'cher@example.com',
        first_name: 'Cher',
        last_name: 'Cher',
        source: 'ca_supplements',
      },
    ]);
  });

  it("puts the server's field message on the field and shows other failures as an alert", async () => {
    let calls = 0;
    fakeApi().respond(API_PATHS.invitation, () =>
      ++calls === 1
        ? {
            status: 400,
            data: {
              error: {
                code: 'VALIDATION_ERROR',
                message: 'Please enter a valid email',
                fields: { email: 'Please enter a valid email' },
              },
            },
          }
        : {
            status: 503,
            data: {
              error: {
                code: 'SERVICE_UNAVAILABLE',
                message: 'The service is unavailable. Please try again shortly.',
              },
            },
          },
    );
    renderArea(CatalogRoot, { path: '/' });
    const form = await screen.findByRole('form', { name: 'Coming soon to New York' }, SLOW);
    await userEvent.type(within(form).getByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByText('Please enter a valid email')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The service is unavailable. Please try again shortly.',
    );
  });
});

describe('referral form', () => {
  const fakeApi = withFakeApi();

  it('checks both emails and refuses self-referral before sending, then sends the referral', async () => {
    fakeApi().respond(API_PATHS.anonymousReferral, () => ({
      status: 200,
      data: { ok: true, alreadyReferred: false },
    }));
    renderArea(CatalogRoot, { path: '/' });
    const form = await screen.findByRole('form', { name: 'Invite a friend' }, SLOW);
    const send = () =>
      userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    await userEvent.type(within(form).getByLabelText('Your email'), 'me@example');
    await userEvent.type(within(form).getByLabelText("Friend's email"), 'friend');
    await send();
    await waitFor(() =>
      expect(within(form).getAllByText('Please enter a valid email')).toHaveLength(2),
    );

    await userEvent.clear(within(form).getByLabelText('Your email'));
    await userEvent.type(within(form).getByLabelText('Your email'), 'me@example.com');
    await userEvent.clear(within(form).getByLabelText("Friend's email"));
    await userEvent.type(within(form).getByLabelText("Friend's email"), ' ME@example.com');
    await send();
    expect(await within(form).findByText('You cannot refer yourself')).toBeInTheDocument();
    expect(posts(fakeApi(), API_PATHS.anonymousReferral)).toEqual([]);

    await userEvent.clear(within(form).getByLabelText("Friend's email"));
    await userEvent.type(within(form).getByLabelText("Friend's email"), 'pal@example.com');
    await send();
    expect(await screen.findByText('Invitation on its way.')).toBeInTheDocument();
    expect(posts(fakeApi(), API_PATHS.anonymousReferral)).toEqual([
      { email: 'me@example.com', referred: 'pal@example.com' },
    ]);
  });

  it("shows the server's self-referral refusal on the friend's field", async () => {
    fakeApi().respond(API_PATHS.anonymousReferral, () => ({
      status: 400,
      data: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'You cannot refer yourself',
          fields: { referred: 'You cannot refer yourself' },
        },
      },
    }));
    renderArea(CatalogRoot, { path: '/' });
    const form = await screen.findByRole('form', { name: 'Invite a friend' }, SLOW);
    await userEvent.type(within(form).getByLabelText('Your email'), 'a@example.com');
    await userEvent.type(within(form).getByLabelText("Friend's email"), 'b@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('You cannot refer yourself')).toBeInTheDocument();
    expect(within(form).getByLabelText("Friend's email")).toHaveAttribute('aria-invalid', 'true');
  });
});
