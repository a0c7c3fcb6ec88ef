import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import { createSecretToken } from './lib/tokens';
import { labConfigFromEnv, labListenerPlugin } from './modules/lab';
import { isApiPath } from './plugins/infrastructure/error-handler';
import { resolveOperator } from './routes/operations/operator-guard';
import { localUrlOf, writeOperatorTokenFile } from './services/operations/operator-token-file';
import { siteOptionsFromEnv } from './site/site-options';
import { sitePlugin } from './site/site-plugin';

// eslint-disable-next-line max-lines-per-function -- the process lifecycle (start, signals, shutdown) read top to bottom
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const operatorToken = createSecretToken();
  let app;
  try {
    // The HTML's Content-Security-Policy is the site plugin's: it knows the shell and remote origins.
    // A fresh operator credential per start, for `pnpm shop` on this machine (the token file).
    app = await buildApp(config, { contentSecurityPolicy: false, operatorToken });
    // One origin serves the API, the shell, the runtime config, the registry and the artifact store.
    await app.register(
      sitePlugin,
      siteOptionsFromEnv(process.env, process.cwd(), {
        siteRoot: config.siteRoot,
        deployDir: config.deployDir,
        environment: config.shopEnv,
        store: app.artifactStore,
        registry: app.releaseRegistry,
        isApiPath,
        isOperator: async (request) => (await resolveOperator(request.server, request)) !== null,
        runtimeConfig: { pageViewToken: config.pageViewToken },
      }),
    );
    // The lab's MLLP listener: on a loopback port under `npm start`, off elsewhere unless set.
    await app.register(labListenerPlugin, {
      config: labConfigFromEnv(process.env, config.nodeEnv),
    });
    await app.ready();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  // The CLI's token file (written once listening) goes first: a stopping shop answers nobody.
  let removeTokenFile = () => {};
  // Graceful and bounded: /readyz fails at once; after SHUTDOWN_DRAIN_DELAY_MS Fastify stops
  // listening and answers 503 (Connection: close) to requests on open connections, then waits for requests in flight; the onClose hooks then stop
  // the job runners (running jobs finish or keep their lease) and close the database. A second
  // signal changes nothing; past the deadline the process exits non-zero.
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.info({ signal }, 'already shutting down');
      return;
    }
    closing = true;
    removeTokenFile();
    app.log.info(
      {
        signal,
        timeoutSeconds: config.shutdownTimeoutMs / 1000,
        drainDelayMs: config.shutdownDrainDelayMs,
      },
      'shutting down: finishing in-flight requests',
    );
    const timer = setTimeout(() => {
      app.log.error(
        { timeoutSeconds: config.shutdownTimeoutMs / 1000 },
        'shutdown deadline passed with work unfinished; exiting',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // Readiness fails first and the listener stays open for the drain delay, so the load balancer
    // sees the instance leave by its health check before any new connection is refused.
    app.drain.begin();
    const closeAfterDelay = new Promise<void>((resolve) =>
      setTimeout(resolve, config.shutdownDrainDelayMs),
    ).then(() => app.close());
    closeAfterDelay.then(
      () => {
        app.log.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  removeTokenFile = writeOperatorTokenFile(config.dataDir, {
    url: localUrlOf(app.server.address()),
    token: operatorToken,
  });
  process.on('exit', removeTokenFile);
  app.log.info(
    {
      database: app.databaseKind,
      dataDir: app.databaseKind === 'pglite' ? config.dataDir : undefined,
      mail: app.mailer.kind,
    },
    `Bloodwise API ready on ${config.publicOrigin}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
