// The configuration every bench process runs the API with: a production shop on a throwaway data
// directory (or the PostgreSQL database in DATABASE_URL), silent, paying with the built-in provider.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../src/config/config';

export function loadBenchConfig(extra: Record<string, string> = {}): {
  config: AppConfig;
  removeDataDir: () => void;
} {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PAGE_VIEW_TOKEN: 'bench-page-view-token',
    // The bench pays with the built-in provider: no real money, on purpose.
    ALLOW_TEST_PAYMENTS: 'true',
    ...extra,
  });
  return { config, removeDataDir: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
