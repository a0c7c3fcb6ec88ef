import type { Customization } from '@shop/shared/contract/customization';
import type { Database } from '../../db/schema';
import {
  createCustomization,
  deleteCustomization,
  findCustomization,
  upsertCustomization,
} from '../../repositories/customizations-repository';

export interface CustomizationService {
  /** Cached read; null when the partner has no customization. */
  get(shopKey: string): Promise<Customization | null>;
  /**
   * The same read as ready-to-send JSON, serialised once per write rather than per request
   * (the value was checked against the contract when it was loaded).
   */
  getJson(shopKey: string, options: { excludeProducts: boolean }): Promise<string | null>;
  /** Validated write; drops the cached copy here and tells other instances. */
  upsert(shopKey: string, input: unknown): Promise<Customization>;
  /** Validated write of a new partner; null when the shop key is taken (nothing is changed). */
  create(shopKey: string, input: unknown): Promise<Customization | null>;
  /** Removes a partner; drops the cached copy here and tells other instances. Null when unknown. */
  remove(shopKey: string): Promise<Customization | null>;
  invalidate(shopKey: string): void;
  readonly stats: { hits: number; misses: number };
}

export interface CustomizationCacheOptions {
  /** A safety net only: writes invalidate at once. */
  ttlMs: number;
  maxEntries: number;
  /** Announces a write to other instances (PostgreSQL NOTIFY); optional. */
  publishInvalidation?: (shopKey: string) => Promise<void>;
  now?: () => number;
}

interface Entry {
  value: Customization | null;
  expiresAt: number;
  json?: { full: string; withoutProducts: string };
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createCustomizationService(
  db: Database,
  options: CustomizationCacheOptions,
): CustomizationService {
  const cache = new Map<string, Entry>();
  // Reads in flight, so a burst of misses for one key makes one query.
  const loading = new Map<string, Promise<Customization | null>>();
  const now = options.now ?? Date.now;
  const stats = { hits: 0, misses: 0 };
  let generation = 0;

  function remember(shopKey: string, value: Customization | null) {
    if (cache.size >= options.maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(shopKey, { value, expiresAt: now() + options.ttlMs });
  }

  function jsonOf(
    shopKey: string,
    value: Customization,
  ): { full: string; withoutProducts: string } {
    const entry = cache.get(shopKey);
    if (entry?.value === value && entry.json) return entry.json;
    const json = {
      full: JSON.stringify(value),
      withoutProducts: JSON.stringify({ ...value, products: null }),
    };
    if (entry?.value === value) entry.json = json;
    return json;
  }

  const service: CustomizationService = {
    stats,
    async getJson(shopKey, { excludeProducts }) {
      const value = await service.get(shopKey);
      if (!value) return null;
      const json = jsonOf(shopKey, value);
      return excludeProducts ? json.withoutProducts : json.full;
    },
    async get(shopKey) {
      const entry = cache.get(shopKey);
      if (entry && entry.expiresAt > now()) {
        stats.hits += 1;
        return entry.value;
      }
      stats.misses += 1;
      const pending = loading.get(shopKey);
      if (pending) return pending;
      const startedAt = generation;
      const load = findCustomization(db, shopKey)
        .then((value) => {
          // A write that landed while this read was in flight wins: do not cache the older copy.
          if (startedAt === generation) remember(shopKey, value);
          return value;
        })
        .finally(() => loading.delete(shopKey));
      loading.set(shopKey, load);
      return load;
    },
    async upsert(shopKey, input) {
      const saved = await upsertCustomization(db, shopKey, input);
      service.invalidate(saved.shopKey);
      await options.publishInvalidation?.(saved.shopKey);
      return saved;
    },
    async create(shopKey, input) {
      const saved = await createCustomization(db, shopKey, input);
      if (!saved) return null;
      service.invalidate(saved.shopKey);
      await options.publishInvalidation?.(saved.shopKey);
      return saved;
    },
    async remove(shopKey) {
      const removed = await deleteCustomization(db, shopKey);
      service.invalidate(shopKey);
      if (removed) await options.publishInvalidation?.(shopKey);
      return removed;
    },
    invalidate(shopKey) {
      generation += 1;
      cache.delete(shopKey);
    },
  };
  return service;
}
