// A log-in or sign-up sent from its page's first view by the shell's first script, handed to the
// live page as a seeded query: the live page starts from its answer and never sends it again.

/** Where the first view's log-in answer waits for the live form (the first view's seeded queries). */
export const FIRST_VIEW_LOGIN_QUERY_KEY = ['auth2', 'first-view-login'] as const;

/**
 * Marks a `<template>` the server draws into a first view with what the first script may show
 * (the value names it): the live page's own markup, styled by the styles the server sent.
 */
export const FIRST_VIEW_TEMPLATE_ATTRIBUTE = 'data-first-view-template';

/** The log-in form's "wrong email or password" alert. */
export const LOGIN_CREDENTIALS_TEMPLATE = 'login-credentials';

/** A refused log-in as the first view received it. */
export interface FirstViewLoginAnswer {
  /** The email it was sent with. */
  username: string;
  /** The answer's HTTP status; null when none arrived. */
  status: number | null;
  /** The answer's body, as the API sent it. */
  body: unknown;
  /** For wrong credentials: whether the account is on the old store (asked already), else null. */
  legacy: boolean | null;
}

/** Where the first view's sign-up answer waits for the live sign-up page. */
export const FIRST_VIEW_SIGNUP_QUERY_KEY = ['auth2', 'first-view-signup'] as const;

/** The sign-up page's "check your email" screen (title and lead in the template's data). */
export const SIGNUP_CHECK_EMAIL_TEMPLATE = 'signup-check-email';

/** A sign-up the first view sent, as it was answered. */
export interface FirstViewSignupAnswer {
  /** The answer's HTTP status; null when none arrived. */
  status: number | null;
  /** The answer's body, as the API sent it. */
  body: unknown;
}
