/** A window whose frames and idle callbacks run only when the test says so. */
export function steppedWindow() {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const win = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
  } as unknown as Window;
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
  return {
    win,
    paint: () => {
      run(frames);
      run(timers);
    },
    idle: () => run(idle),
  };
}
