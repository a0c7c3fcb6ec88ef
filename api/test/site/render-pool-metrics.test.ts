import { Registry } from 'prom-client';
import type { RenderPoolUsage } from '../../src/site/render-pool';
import { observeRenderPool } from '../../src/site/render-pool-metrics';

describe('observeRenderPool', () => {
  it("reports the pool's usage as it is at scrape time", async () => {
    const registry = new Registry();
    let usage: RenderPoolUsage = { size: 2, busy: 0, queued: 0, timeouts: 0 };
    observeRenderPool(registry, { usage: () => usage });
    usage = { size: 2, busy: 2, queued: 3, timeouts: 1 };
    const text = await registry.metrics();
    expect(text).toContain('shop_render_pool_workers{state="size"} 2');
    expect(text).toContain('shop_render_pool_workers{state="busy"} 2');
    expect(text).toContain('shop_render_pool_queued 3');
    expect(text).toContain('shop_render_timeouts_total 1');
  });
});
