/**
 * Looks again until `done` holds, then returns what it saw. The deadline is tens of seconds: it
 * catches a state that never comes, and a slow, loaded machine reaches the state well before it.
 */
export async function eventually<T>(
  look: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  { timeoutMs = 30_000, intervalMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never came in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
