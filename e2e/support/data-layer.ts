// Reads the GA4-style window.dataLayer the shell's track() fans out to.
import type { Page } from '@playwright/test';

export interface DataLayerEntry {
  event?: string;
  ecommerce?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** A copy of window.dataLayer (plain objects only; gtag-style argument lists are skipped). */
export async function readDataLayer(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];
    return JSON.parse(
      JSON.stringify(
        layer.filter((entry) => entry && typeof entry === 'object' && !Array.isArray(entry)),
      ),
    ) as DataLayerEntry[];
  });
}

/** The entries for one event, e.g. 'add_to_cart', in the order they were pushed. */
export async function dataLayerEvents(page: Page, event: string): Promise<DataLayerEntry[]> {
  return (await readDataLayer(page)).filter((entry) => entry.event === event);
}

/** Waits until `event` has been pushed at least `count` times and returns those entries. */
export async function waitForDataLayerEvent(
  page: Page,
  event: string,
  count = 1,
  timeout = 10_000,
): Promise<DataLayerEntry[]> {
  await page.waitForFunction(
    ([name, min]) =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter(
        (entry) => entry?.event === name,
      ).length >= min,
    [event, count] as const,
    { timeout },
  );
  return dataLayerEvents(page, event);
}
