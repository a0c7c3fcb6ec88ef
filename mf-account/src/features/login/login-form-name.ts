/** The log-in page, where its plain form posts (pages that work without JavaScript). */
export const LOGIN_PATH = '/login';

/** The log-in form's name in a plain post and in a refusal's flash. */
export const LOGIN_FORM = 'log-in';
