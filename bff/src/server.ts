import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { start } from './start';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger(config.logLevel);
try {
  const running = await start(config, logger);
  logger.info(`Bürgerfit listening on ${config.publicUrl} (database: ${running.db.kind})`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  logger.fatal({ err }, 'could not start');
  process.exit(1);
}
