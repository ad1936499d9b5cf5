import { loadConfigOrExit } from './config';
import { SWEEP_INTERVAL_MS, sweepExpiredAttempts } from './exam/repository';
import { createMemoryModelJob } from './learn/memory-model';
import { createLogger } from './logger';
import { start, startHint } from './start';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
try {
  const running = await start(config, logger);
  logger.info(`Bürgerfit listening on ${config.publicUrl} (database: ${running.db.kind})`);
  // Exam attempts that ran out of time with nobody coming back are stored as finished (safe on every instance).
  let sweeping = false;
  const sweep = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const finalized = await sweepExpiredAttempts(running.db.knex);
      if (finalized) logger.info({ finalized }, 'expired exam attempts finalized');
    } catch (err) {
      logger.warn({ err }, 'expired exam attempts not swept');
    } finally {
      sweeping = false;
    }
  }, SWEEP_INTERVAL_MS);
  // Learners' own FSRS weights, fitted off the request path (learn/memory-model.ts): one fit at a time here,
  // learners claimed in PostgreSQL so two instances never fit the same one.
  const memoryModels = createMemoryModelJob({ db: running.db.knex, logger });
  memoryModels.start();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(sweep);
    await memoryModels.stop();
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  const hint = startHint(err, config);
  if (hint) console.error(hint);
  else logger.fatal({ err }, 'could not start');
  process.exit(1);
}
