import { readCatalog } from '../catalog/import';
import { loadConfig } from '../config';
import { checkContent } from '../content/check';
import { readContent, uiTexts } from '../content/content';
import { runCli } from './connect';

// npm run content -- check   the content folder against the catalog (CATALOG_PATH) and the en/hr interface texts
await runCli(async () => {
  const [command] = process.argv.slice(2);
  if (command !== 'check') {
    console.error('Usage: npm run content -- check');
    process.exitCode = 2;
    return;
  }
  const { catalog } = await readCatalog(loadConfig({}).catalogPath);
  const content = await readContent();
  const problems = checkContent(content, catalog.questions, [
    ...(await uiTexts('en')),
    ...(await uiTexts('hr')),
  ]);
  for (const p of problems) {
    const where = p.question === null ? '' : `q${p.question} `;
    console.error(`${where}${p.lang ?? ''}: ${p.message}`);
  }
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) in content/.`);
    process.exitCode = 1;
  } else {
    console.info(
      `content/ ${content.hash.slice(0, 12)}: ${catalog.questions.length} questions in de, en and hr, checked; no problems.`,
    );
  }
});
