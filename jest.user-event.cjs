// @testing-library/user-event for the component tests, with its pointer-events check off.
// In jsdom that check calls getComputedStyle on every ancestor of every click and keystroke
// target, matching each against all of antd's injected CSS: two thirds of a form test's time.
// jsdom loads none of our own CSS, so the check could only ever see antd's rules; whether a real
// control receives the click is checked in the browser suite (Playwright's actionability checks).
const path = require('node:path');

const real = require(
  path.join(__dirname, 'node_modules/@testing-library/user-event/dist/cjs/index.js'),
);

const withDefaults = (options) => ({
  pointerEventsCheck: real.PointerEventsCheckLevel.Never,
  ...options,
});

// The direct API (`userEvent.click(el)`) takes its options at these argument positions.
const OPTIONS_AT = {
  click: 1,
  copy: 0,
  cut: 0,
  dblClick: 1,
  deselectOptions: 2,
  hover: 1,
  keyboard: 1,
  paste: 1,
  pointer: 1,
  selectOptions: 2,
  tripleClick: 1,
  type: 2,
  unhover: 1,
  upload: 2,
};

const userEvent = {
  ...real.userEvent,
  setup: (options) => real.userEvent.setup(withDefaults(options)),
};
for (const [name, at] of Object.entries(OPTIONS_AT)) {
  userEvent[name] = (...args) => {
    args[at] = withDefaults(args[at]);
    return real.userEvent[name](...args);
  };
}

module.exports = { ...real, __esModule: true, default: userEvent, userEvent };
