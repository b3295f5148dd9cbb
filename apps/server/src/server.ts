import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { collectWhenIdle } from './idle-collection.ts';
import { startupBanner } from './startup-banner.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    await app.close();
    process.exit(0);
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
