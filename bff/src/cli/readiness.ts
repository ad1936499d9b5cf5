import { formatReliability, reliability, simulate } from '../dashboard/backtest';
import { mockOutcomes } from '../dashboard/mock-backtest';
import { CAP, FIRM, SHRINK_K } from '../dashboard/readiness';
import { connectForCli, runCli } from './connect';

const USAGE = `npm run readiness -- backtest [--learners N] [--seed S] [--mocks]
  backtest   the readiness model's pass chance against outcomes: over N seeded simulated learners (default 1000,
             seed 30), and with --mocks over the stored learners' own mock tests (DATABASE_URL's database, or the
             running app's): a reliability table (predicted chance in bins against the observed pass rate) and the
             Brier score`;

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number`);
  return value;
}

// npm run readiness -- backtest   reliability table and Brier score of the readiness model
await runCli(async () => {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backtest') {
    console.error(`Usage: ${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const learners = option(args, '--learners', 1000);
  const seed = option(args, '--seed', 30);
  const started = Date.now();
  const outcomes = simulate(learners, seed);
  console.info(
    `Readiness back-test: ${learners} simulated learners (seed ${seed}), shrinkage K = ${SHRINK_K}; ` +
      `chances stay within ${CAP.low * 100}–${CAP.high * 100} % below ${FIRM.mocks} mock tests and ` +
      `${FIRM.questions} answered questions (${outcomes.filter((o) => o.firm).length} of them had that).`,
  );
  console.info(formatReliability('\nThe chance shown to the learner:', reliability(outcomes)));
  console.info(
    formatReliability(
      '\nThe model’s own chance, uncapped:',
      reliability(outcomes.map((o) => ({ predicted: o.raw, passed: o.passed }))),
    ),
  );
  console.info(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!args.includes('--mocks')) return;
  const { db } = await connectForCli();
  try {
    const own = await mockOutcomes(db.knex);
    if (own.length === 0)
      console.info('\nNo stored learner has a finished mock test after answering questions.');
    else
      console.info(
        formatReliability('\nLearners’ own mock tests (the chance shown before each):', reliability(own)),
      );
  } finally {
    await db.close();
  }
});
