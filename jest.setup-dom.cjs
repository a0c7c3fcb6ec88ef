require('@testing-library/jest-dom');
// antd reads matchMedia for responsive grids; jsdom lacks it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
}
// Route-level lazy pages (shared/src/federation/lazy-page.ts) render at once in component tests,
// as if their chunks were already in the browser's cache.
beforeEach(() => require('./shared/src/federation/lazy-page.ts').preloadLazyPages());
// findBy and waitFor wait for state; on a busy 2-core machine a page's first effects can take
// longer than Testing Library's 1 s default to show, which is a slow machine, not a failure.
require('@testing-library/react').configure({ asyncUtilTimeout: 4_000 });
