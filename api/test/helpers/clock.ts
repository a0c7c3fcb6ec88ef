import { parseDuration } from '../../src/lib/clock';
import type { TestApp } from './build-test-app';

/** Moves the app's shop clock forward by a step such as '31d', as `shop clock advance` does. */
export async function advanceShopClock(t: TestApp, step: string): Promise<Date> {
  const byMs = parseDuration(step);
  if (byMs === null) throw new Error(`Not a clock step: ${step}`);
  return (await t.app.clock.advance(byMs)).now;
}
