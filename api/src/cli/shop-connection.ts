// How `pnpm shop` reaches the shop's data: through a running shop's operator API when one answers
// (its token file in the data directory), else by opening the database itself, which the lock
// file allows only while no shop holds it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@shop/shared/contract/paths';
import { loadConfig, type AppConfig } from '../config/config';
import { findRepoRoot } from '../config/repo-root';
import { dataDirLockHolder } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import { openDatabase, type DatabaseHandle } from '../db/open-database';
import { isProcessAlive } from '../lib/process-alive';
import { operatorName } from '../releases/release-config';
import type { AuditActor } from '../repositories/audit-log-repository';
import {
  operatorTokenPath,
  readOperatorTokenFile,
} from '../services/operations/operator-token-file';
import type { CliIo } from './cli-command';

/** The operator API answered with an error; the message (and fields) are the API's. */
export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ShopApiError';
  }
}

export interface RunningShop {
  url: string;
  /** Calls the operator API; resolves with the body of a 2xx, throws ShopApiError otherwise. */
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

const ANSWER_TIMEOUT_MS = 3_000;

export function cliConfig(io: CliIo): AppConfig {
  return loadConfig(io.env, findRepoRoot([io.repoStart]));
}

/** Who the CLI acts for: SHOP_OPERATOR, else the OS user. */
export function cliActor(io: CliIo): AuditActor {
  return { userId: null, name: operatorName(io.env), via: 'cli-direct' };
}

/** The shop whose token file is in the data directory, if it answers with that token. */
export async function runningShop(io: CliIo): Promise<RunningShop | null> {
  const config = cliConfig(io);
  const file = readOperatorTokenFile(config.dataDir);
  if (!file) return null;
  // A file a crashed server left behind.
  if (file.hostname === os.hostname() && !isProcessAlive(file.pid)) return null;
  const headers = {
    authorization: `Bearer ${file.token}`,
    'x-shop-operator': operatorName(io.env),
  };
  const call: RunningShop['call'] = async (method, apiPath, body) => {
    const response = await fetch(`${file.url}${apiPath}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    if (response.ok) return parsed as never;
    const error = (parsed as { error?: { message?: string; fields?: Record<string, string> } })
      ?.error;
    // An answer outside the API's error shape is shown as it came, never as "[object Object]".
    throw new ShopApiError(
      response.status,
      typeof error?.message === 'string'
        ? error.message
        : `The shop answered ${response.status}: ${text.slice(0, 500)}`,
      error?.fields,
    );
  };
  try {
    const answer = await fetch(`${file.url}${API_PATHS.opsSession}`, {
      headers,
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    if (!answer.ok) return null;
  } catch {
    return null;
  }
  return { url: file.url, call };
}

/** Whether there is a shop database to write to without creating one (PostgreSQL, or an initialised PGlite). */
export function hasDatabase(config: AppConfig): boolean {
  return Boolean(config.databaseUrl) || fs.existsSync(path.join(config.dataDir, 'PG_VERSION'));
}

/**
 * Opens the shop's database for the CLI. PGlite allows one process per data directory: when a
 * shop holds it but did not answer, this says which process and where its token file should be.
 */
export async function withDatabase<T>(
  io: CliIo,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const config = cliConfig(io);
  if (!config.databaseUrl) {
    const holder = dataDirLockHolder(config.dataDir);
    if (holder)
      throw new ShopApiError(
        0,
        `The shop database in ${config.dataDir} is held by process ${holder.pid} on ${holder.hostname} ` +
          `(started ${holder.startedAt}), which did not answer as a shop with the token in ` +
          `${operatorTokenPath(config.dataDir)}. Wait until it has started, or stop it, and try again.`,
      );
  }
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', databaseUrl: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** A failure's lines for the operator: the API's message, then each field it named. */
export function failureLines(error: ShopApiError): string[] {
  return [
    error.message,
    ...Object.entries(error.fields).map(([field, message]) => `  ${field}: ${message}`),
  ];
}
