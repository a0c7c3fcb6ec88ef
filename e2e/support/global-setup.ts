// Starts the shop once before any spec and keeps its folder as the template every standard shop
// server starts from (see copyTemplate in shop-server.ts): the database migrated and seeded by a
// real start, every remote deployed by `shop deploy-all`, the server stopped cleanly.
import fs from 'node:fs/promises';
import { startShopServer, TEMPLATE_DIR_ENV } from './shop-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const template = await startShopServer({ label: 'shop-e2e-template', keepWorkDir: true });
  try {
    await template.stop();
  } catch (error) {
    await fs.rm(template.workDir, { recursive: true, force: true });
    throw error;
  }
  // Workers inherit the runner's environment.
  process.env[TEMPLATE_DIR_ENV] = template.workDir;
  return async () => {
    await fs.rm(template.workDir, { recursive: true, force: true });
  };
}
