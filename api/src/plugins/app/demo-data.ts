import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemoData } from '../../db/seed/demo-seed';

/** Seeds the demo catalog, partners, discounts and users when SEED_DEMO_DATA is on (idempotent). */
export const demoDataPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.seedDemoData) return;
    await seedDemoData(app.db, { hashPassword: (password) => app.passwords.hash(password) });
  },
  { name: 'demo-data', dependencies: ['database', 'services'] },
);
