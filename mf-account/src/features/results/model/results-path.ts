/** The results page: its own tiny module, so linking to it never pulls the page's code along. */
export const RESULTS_PATH = '/account/results';
