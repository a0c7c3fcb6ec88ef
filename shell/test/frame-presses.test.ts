/// <reference types="@testing-library/jest-dom" />
type FramePresses = typeof import('../src/federation/frame-presses');

/** A fresh copy of the module (its presses and its "live" flag are per page load). */
function loadFramePresses(): FramePresses {
  let loaded: FramePresses | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<FramePresses>('../src/federation/frame-presses');
  });
  return loaded!;
}

const SERVER_FRAME = `
  <div class="shell">
    <header><button class="account-trigger">R Rita</button><button class="menu">Menu</button></header>
    <main><div data-first-view-area="checkout"><button>Add to cart</button></div></main>
  </div>`;

/** What the shell's first render leaves in #root: the same frame, drawn by React. */
function renderLiveFrame(root: HTMLElement, accountLabel = 'R Rita'): HTMLElement {
  root.innerHTML = SERVER_FRAME.replace('R Rita', accountLabel);
  return root.querySelector<HTMLElement>('.account-trigger')!;
}

describe('presses on the server-drawn frame before the shell renders', () => {
  let root: HTMLElement;
  beforeEach(() => {
    document.body.innerHTML = `<div id="root">${SERVER_FRAME}</div>`;
    root = document.getElementById('root')!;
  });

  it('are kept, shown busy, and made again on the same control of the live frame', () => {
    const frame = loadFramePresses();
    frame.recordFramePresses(document);
    const serverTrigger = root.querySelector<HTMLElement>('.account-trigger')!;
    serverTrigger.click();
    expect(serverTrigger).toHaveAttribute('aria-busy', 'true');

    const liveTrigger = renderLiveFrame(root);
    const opened = jest.fn();
    liveTrigger.addEventListener('click', opened);
    frame.replayFramePresses(root);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(serverTrigger).not.toHaveAttribute('aria-busy');
  });

  it('keeps a second press on a busy control out (it would close what the first opens)', () => {
    const frame = loadFramePresses();
    frame.recordFramePresses(document);
    const serverTrigger = root.querySelector<HTMLElement>('.account-trigger')!;
    serverTrigger.click();
    serverTrigger.click();
    const opened = jest.fn();
    renderLiveFrame(root).addEventListener('click', opened);
    frame.replayFramePresses(root);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('presses nothing where the live frame differs, and nothing once the frame is live', () => {
    const frame = loadFramePresses();
    frame.recordFramePresses(document);
    root.querySelector<HTMLElement>('.account-trigger')!.click();
    const opened = jest.fn();
    const liveTrigger = renderLiveFrame(root, 'Log in');
    liveTrigger.addEventListener('click', opened);
    frame.replayFramePresses(root);
    expect(opened).not.toHaveBeenCalled();

    // Live: the frame's own handlers answer; a later press is not kept for a replay.
    liveTrigger.click();
    expect(opened).toHaveBeenCalledTimes(1);
    frame.replayFramePresses(root);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("leaves presses in the area's first view to the area's own replay", () => {
    const frame = loadFramePresses();
    frame.recordFramePresses(document);
    const add = root.querySelector<HTMLElement>('[data-first-view-area] button')!;
    add.click();
    expect(add).not.toHaveAttribute('aria-busy');
    const clicked = jest.fn();
    root.innerHTML = SERVER_FRAME;
    root.querySelector('[data-first-view-area] button')!.addEventListener('click', clicked);
    frame.replayFramePresses(root);
    expect(clicked).not.toHaveBeenCalled();
  });
});
