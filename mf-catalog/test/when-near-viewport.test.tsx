import { act, render, screen } from '@testing-library/react';
import { WhenNearViewport } from '../src/features/shared/components/when-near-viewport';

/** A hand-driven IntersectionObserver: the test says when the spot comes near the viewport. */
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
  report(isIntersecting: boolean) {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('WhenNearViewport', () => {
  const original = window.IntersectionObserver;
  beforeEach(() => {
    ControlledObserver.instances = [];
    window.IntersectionObserver = ControlledObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    window.IntersectionObserver = original;
  });

  it('holds the space with a placeholder until the spot nears the viewport, then renders its content once', () => {
    const { container } = render(
      <WhenNearViewport minHeight={260}>
        <form aria-label="Waitlist" />
      </WhenNearViewport>,
    );
    expect(screen.queryByRole('form', { name: 'Waitlist' })).not.toBeInTheDocument();
    const placeholder = container.querySelector('.cat-block-skeleton') as HTMLElement;
    expect(placeholder).toHaveStyle({ minHeight: '260px' });
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');

    const [observer] = ControlledObserver.instances;
    expect(observer!.observed).toEqual([placeholder]);
    // Looks ahead of the viewport, so a reader never waits on it.
    expect(observer!.options?.rootMargin).toBe('600px 0px');

    act(() => observer!.report(false));
    expect(screen.queryByRole('form', { name: 'Waitlist' })).not.toBeInTheDocument();

    act(() => observer!.report(true));
    expect(screen.getByRole('form', { name: 'Waitlist' })).toBeInTheDocument();
    expect(container.querySelector('.cat-block-skeleton')).toBeNull();
    expect(observer!.disconnected).toBe(true);
  });
});
