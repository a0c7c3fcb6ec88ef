/**
 * Resolves in a new task, so the browser can paint and handle input in between. Start-up work is
 * cut into such steps: a phone spends tens of milliseconds on each, and one long task would block
 * the page for their sum.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
