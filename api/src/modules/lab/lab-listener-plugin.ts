import fp from 'fastify-plugin';
import { labDepsOf } from './deps';
import type { LabConfig } from './lab-config';
import { startLabListener } from './lab-listener';
import type { MllpListener } from './mllp-listener';

/** Starts the MLLP listener once the app is ready (when configured) and stops it on close. */
export const labListenerPlugin = fp<{ config: LabConfig }>(
  async (app, { config }) => {
    if (config.mllpPort === null) return;
    const port = config.mllpPort;
    let listener: MllpListener | null = null;
    app.addHook('onReady', async () => {
      try {
        listener = await startLabListener(labDepsOf(app), {
          port,
          host: config.mllpHost,
          idleMs: config.idleMs,
          log: app.log,
        });
      } catch (error) {
        // The development default (2575) may be held by another shop on this machine: that shop
        // still starts, without a lab listener. A port that was asked for must open.
        if (config.mllpPortRequired) throw error;
        app.log.error({ err: error, port }, 'lab MLLP listener not started: its port is taken');
        return;
      }
      app.log.info({ host: config.mllpHost, port: listener.port }, 'lab MLLP listener started');
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'lab-listener' },
);
