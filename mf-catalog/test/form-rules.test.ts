import {
  apiFieldsToWaitlist,
  nameError,
  referralErrors,
  toInvitationBody,
  waitlistErrors,
} from '../src/features/forms/model/form-rules';

describe('waitlist form rules', () => {
  it('splits the full name on the first space, repeating a single word as the last name', () => {
    expect(
      toInvitationBody({ fullName: '  Mary  Ann Lee ', email: 'm@example.com' }, 'ny_waitlist'),
    ).toEqual({
      email: 'm@example.com',
      first_name: 'Mary',
      last_name: 'Ann Lee',
      source: 'ny_waitlist',
    });
    expect(
      toInvitationBody({ fullName: 'Cher', email: 'c@example.com' }, 'ca_supplements'),
    ).toMatchObject({ first_name: 'Cher', last_name: 'Cher' });
  });

  it('reports a missing name and a bad email by form field, with the API schema messages', () => {
    expect(waitlistErrors({ fullName: ' ', email: 'nope' }, 'ny_waitlist')).toEqual({
      fullName: 'Please enter your name',
      email: 'Please enter a valid email',
    });
    expect(
      waitlistErrors({ fullName: 'Ada Lovelace', email: ' ADA@example.com ' }, 'ca_supplements'),
    ).toEqual({});
  });

  it('maps API field names onto the form', () => {
    expect(
      apiFieldsToWaitlist({
        email: 'Please enter a valid email',
        last_name: 'Please enter your last name',
      }),
    ).toEqual({
      email: 'Please enter a valid email',
      fullName: 'Please enter your name',
    });
    expect(apiFieldsToWaitlist({})).toEqual({});
  });

  it('needs a non-blank name', () => {
    expect(nameError('  ')).toBe('Please enter your name');
    expect(nameError('Al')).toBeNull();
  });
});

describe('referral form rules', () => {
  it('checks both emails', () => {
    expect(referralErrors({ email: 'x', referred: '' })).toEqual({
      email: 'Please enter a valid email',
      referred: "Please enter your friend's email",
    });
  });

  it('refuses self-referral on the friend field, ignoring case and spaces', () => {
    expect(referralErrors({ email: 'me@example.com', referred: ' ME@Example.com ' })).toEqual({
      referred: 'You cannot refer yourself',
    });
  });

  it('accepts two different valid emails', () => {
    expect(referralErrors({ email: 'me@example.com', referred: 'pal@example.com' })).toEqual({});
  });
});
