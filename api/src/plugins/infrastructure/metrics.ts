import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  countOpenJobs,
  countByStatus,
  countUndeliveredMail,
  sumRefundsByStatus,
} from '../../repositories/metrics-repository';
import { MAIL_MAX_ATTEMPTS } from '../../services/mail/mail-queue';

/** Answers to a request that matched no route share one label, so unknown URLs add no series. */
const UNMATCHED_ROUTE = 'unmatched';

const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/** Counts requests by route pattern: the matched route's URL with its `:id`, never the raw path. */
function observeRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'shop_http_server_errors_total',
    help: 'HTTP answers with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_class: statusClass(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc({ method: labels.method, route: labels.route });
  });
}

/**
 * One read shared by the gauges a scrape collects together (the registry collects them all at
 * once), so two gauges from one query cost one query and agree with each other.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = null;
    }));
}

/**
 * Business figures read from the database at scrape time: the database is the one record all
 * instances share, so every instance reports the same all-time totals (aggregate with max, not
 * sum) and nothing is lost on a restart or missed by a settle path that forgot to count.
 */
// eslint-disable-next-line max-lines-per-function -- one sequence of steps that share local state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
function observeDatabase(app: FastifyInstance, registry: Registry): void {
  const readOrders = sharedRead(() => countByStatus(app.db, 'orders'));
  new Gauge({
    name: 'shop_orders',
    help: 'Orders by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readOrders()) this.set({ status: row.status }, row.count);
    },
  });
  // Paid orders move on to fulfilled, so the per-status figures go down as well as up; the settled
  // outcomes only ever grow, which lets rate() and increase() read them like counters.
  new Gauge({
    name: 'shop_orders_settled',
    help: 'Orders whose payment settled, by outcome: paid (paid or fulfilled) or failed.',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      const rows = await readOrders();
      const count = (...statuses: string[]) =>
        rows
          .filter((row) => statuses.includes(row.status))
          .reduce((sum, row) => sum + row.count, 0);
      this.set({ outcome: 'paid' }, count('paid', 'fulfilled'));
      this.set({ outcome: 'failed' }, count('failed'));
    },
  });
  new Gauge({
    name: 'shop_subscription_renewals',
    help: 'Subscription renewal charges by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await countByStatus(app.db, 'subscription_renewals'))
        this.set({ status: row.status }, row.count);
    },
  });
  const readRefunds = sharedRead(() => sumRefundsByStatus(app.db));
  new Gauge({
    name: 'shop_refunds',
    help: 'Refunds the shop issued, by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readRefunds()) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'shop_refunds_cents',
    help: 'Cents of the refunds the shop issued, by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readRefunds()) this.set({ status: row.status }, row.cents);
    },
  });
  new Gauge({
    name: 'shop_jobs',
    help: 'Jobs queued, running or dead, by kind and status.',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await countOpenJobs(app.db))
        this.set({ kind: row.kind, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'shop_mail_outbox',
    help: 'Mail not delivered yet: queued (to be tried) or dead (out of tries, kept with its error).',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const mail = await countUndeliveredMail(app.db, MAIL_MAX_ATTEMPTS);
      this.set({ status: 'queued' }, mail.queued);
      this.set({ status: 'dead' }, mail.dead);
    },
  });
  const readPool = app.databasePoolUsage;
  if (readPool) {
    new Gauge({
      name: 'shop_database_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const usage = readPool();
        this.set({ state: 'total' }, usage.total);
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'waiting' }, usage.waiting);
      },
    });
  }
}

/**
 * Prometheus metrics of this instance, kept in its own registry (several apps may share a
 * process in tests). Off, with no hook and no cost, unless METRICS_TOKEN is set.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.metricsToken) {
      app.decorate('metricsRegistry', null);
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'shop_' });
    observeRequests(app, registry);
    observeDatabase(app, registry);
    app.decorate('metricsRegistry', registry);
  },
  { name: 'metrics', dependencies: ['database'] },
);
