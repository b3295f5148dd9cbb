import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { collectWhenIdle } from './idle-collection.ts';
import { gracefulClose } from './modules/system/shutdown.ts';
import { startupBanner } from './startup-banner.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const close = gracefulClose(app, config.shutdownTimeoutMs);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received: refusing new connections, finishing the requests and downloads in flight`);
    const outcome = await close().catch((error: unknown) => {
      app.log.error({ err: error }, 'closing failed');
      return 'failed' as const;
    });
    process.exit(outcome === 'closed' ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  collectWhenIdle(app.server);
  process.stdout.write(startupBanner(config, app));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The portal could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
