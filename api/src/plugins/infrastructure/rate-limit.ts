import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import {
  countRateLimitHit,
  readRateLimitHits,
  type RateLimitCount,
} from '../../repositories/rate-limit-repository';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Which limit a store counts for: each route's limit has its own counts, as in memory. */
function scopeOf(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  return route?.url ? `${String(route.method)} ${String(route.url)}` : 'global';
}

/**
 * A store for @fastify/rate-limit on the shop's database, so every instance counts the same
 * hits. The client key (an address, an account) is kept only as a hash, like the log-in throttle's.
 */
function databaseRateLimitStore(db: Database, now: () => Date): FastifyRateLimitStoreCtor {
  const answer = (callback: StoreCallback, at: Date) => (count: RateLimitCount | null) =>
    callback(null, {
      current: count?.hits ?? 0,
      ttl: count ? Math.max(0, count.windowEndsAt.getTime() - at.getTime()) : 0,
    });
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;
    constructor(options: unknown) {
      this.scope = scopeOf(options);
    }
    private key(clientKey: string) {
      return `${this.scope} ${hashToken(clientKey)}`;
    }
    incr(clientKey: string, callback: StoreCallback, timeWindow: number) {
      const at = now();
      countRateLimitHit(db, { key: this.key(clientKey), now: at, windowMs: timeWindow }).then(
        answer(callback, at),
        (error: Error) => callback(error),
      );
    }
    read(clientKey: string, callback: StoreCallback) {
      const at = now();
      readRateLimitHits(db, this.key(clientKey), at).then(answer(callback, at), (error: Error) =>
        callback(error),
      );
    }
    child(routeOptions: unknown) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}

/**
 * Per-route limits (`config.rateLimit`), counted in the database across instances and answered
 * with 429 in the shop's error shape and Retry-After. Needs the database and the shop clock.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(app.db, () => app.clock.now()),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          'RATE_LIMITED',
          `Too many attempts. Please try again in ${context.after}.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['database', 'services'] },
);
