// A first view waiting for the visitor starts its live page when a spot only the live page fills
// (a below-the-fold form) is scrolled near, as it does at an interaction; a wheel alone does not.
import {
  FIRST_VIEW_AREA_ATTRIBUTE,
  FIRST_VIEW_WHEN_NEAR_ATTRIBUTE,
} from '@shop/shared/ssr/server-render';
import {
  firstInteractionTime,
  recordFirstViewInteractions,
  WHEN_NEAR_MARGIN,
  whenFirstInteraction,
} from '../src/federation/first-view-interactions';

/** A hand-driven IntersectionObserver: the test says when a spot comes near the viewport. */
class ControlledObserver {
  static instances: ControlledObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    ControlledObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(target: Element, isIntersecting: boolean) {
    this.callback(
      [{ target, isIntersecting } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Two turns of the microtask queue: a resolved promise's then has run by then.
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

it('starts the live page when a marked spot in the first view comes near, and not before', async () => {
  window.IntersectionObserver = ControlledObserver as unknown as typeof IntersectionObserver;
  document.body.innerHTML = `<main><div ${FIRST_VIEW_AREA_ATTRIBUTE}="catalog">
      <h1>Blood tests at home</h1>
      <section><h2>Coming soon to New York</h2><div ${FIRST_VIEW_WHEN_NEAR_ATTRIBUTE}></div></section>
    </div></main>
    <aside><div ${FIRST_VIEW_WHEN_NEAR_ATTRIBUTE}></div></aside>`;
  recordFirstViewInteractions(document);

  const [observer] = ControlledObserver.instances;
  // Only the first view's spot is watched, at the margin the page asks for.
  expect(observer!.observed).toEqual([
    document.querySelector(`[${FIRST_VIEW_AREA_ATTRIBUTE}] [${FIRST_VIEW_WHEN_NEAR_ATTRIBUTE}]`),
  ]);
  expect(observer!.options?.rootMargin).toBe(WHEN_NEAR_MARGIN);
  const spot = observer!.observed[0]!;

  // Reading with the wheel, the spot still far below: the page keeps waiting.
  document.dispatchEvent(new WheelEvent('wheel', { deltaY: 300 }));
  observer!.report(spot, false);
  expect(await settled(whenFirstInteraction())).toBe(false);
  expect(firstInteractionTime()).toBeNull();

  observer!.report(spot, true);
  expect(await settled(whenFirstInteraction())).toBe(true);
  expect(firstInteractionTime()).not.toBeNull();
  expect(observer!.disconnected).toBe(true);
});
