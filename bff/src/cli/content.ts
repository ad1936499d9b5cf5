import { readCatalog } from '../catalog/import';
import { loadConfig } from '../config';
import { checkContent } from '../content/check';
import { readContent, uiTexts } from '../content/content';
import {
  contentVersion,
  formatReports,
  listReports,
  parseReportArgs,
  REPORTS_USAGE,
} from '../content/reports';
import { migrateLatest } from '../db/migrate';
import { connectForCli, runCli } from './connect';

const USAGE = `npm run content -- check | reports [options]
  check      the content folder against the catalog (CATALOG_PATH) and the en/hr interface texts
  ${REPORTS_USAGE}`;

// npm run content -- check     the content folder against the catalog and the en/hr interface texts
// npm run content -- reports   the problems learners reported (DATABASE_URL's database, or the running app's)
await runCli(async () => {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'check') await check();
  else if (command === 'reports') await reports(args);
  else {
    console.error(`Usage: ${USAGE}`);
    process.exitCode = 2;
  }
});

async function check(): Promise<void> {
  const { catalog } = await readCatalog(loadConfig({}).catalogPath);
  const content = await readContent();
  const problems = checkContent(content, catalog.questions, [
    ...(await uiTexts('en')),
    ...(await uiTexts('hr')),
  ]);
  const byRule = new Map<string, number>();
  for (const p of problems) {
    const where = p.question === null ? '' : `q${p.question} `;
    console.error(`${where}${p.lang ?? ''} [${p.rule}]: ${p.message}`);
    byRule.set(p.rule, (byRule.get(p.rule) ?? 0) + 1);
  }
  if (problems.length > 0) {
    const counts = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
    console.error(`${problems.length} problem(s) in content/ (${counts}).`);
    process.exitCode = 1;
  } else {
    console.info(
      `content/ ${content.hash.slice(0, 12)}: ${catalog.questions.length} questions in de, en and hr, checked; no problems.`,
    );
  }
}

async function reports(args: string[]): Promise<void> {
  let filter: ReturnType<typeof parseReportArgs>;
  try {
    filter = parseReportArgs(args);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
    return;
  }
  const { db } = await connectForCli();
  try {
    await migrateLatest(db.knex);
    console.info(formatReports(await listReports(db.knex, filter), await contentVersion(db.knex)));
  } finally {
    await db.close();
  }
}
