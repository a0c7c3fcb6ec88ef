import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { seedDemoData } from '../../db/seed/demo-seed';
import { DEMO_USER } from '../../db/seed/demo-partners-and-discounts';
import { seedDemoResults } from '../../services/results/demo-results';

/**
 * Seeds the demo catalog, partners, discounts and users when SEED_DEMO_DATA is on (idempotent),
 * and the demo customer's lab reports, whose files go to the upload store.
 */
export const demoDataPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.seedDemoData) return;
    await seedDemoData(app.db, { hashPassword: (password) => app.passwords.hash(password) });
    await seedDemoResults(
      { db: app.db, uploadStore: app.uploadStore, now: app.clock.now() },
      DEMO_USER.email,
    );
  },
  { name: 'demo-data', dependencies: ['database', 'services'] },
);
