import { Counter, Gauge, type Registry } from 'prom-client';
import type { RenderPool } from './render-pool';

/** The first-view render pool's workers, queue and deadline kills, read from the pool at scrape time. */
export function observeRenderPool(registry: Registry, pool: Pick<RenderPool, 'usage'>): void {
  new Gauge({
    name: 'shop_render_pool_workers',
    help: 'First-view render worker slots: size, and busy now.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const usage = pool.usage();
      this.set({ state: 'size' }, usage.size);
      this.set({ state: 'busy' }, usage.busy);
    },
  });
  new Gauge({
    name: 'shop_render_pool_queued',
    help: 'First-view renders waiting for a free worker.',
    registers: [registry],
    collect() {
      this.set(pool.usage().queued);
    },
  });
  new Counter({
    name: 'shop_render_timeouts_total',
    help: 'First-view renders ended at their deadline (their worker terminated).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pool.usage().timeouts);
    },
  });
}
