import path from 'node:path';
import { importCatalog } from '../catalog/import';
import { migrateLatest } from '../db/migrate';
import { connectForCli, runCli } from './connect';

// npm run catalog:import [-- FILE]   (default CATALOG_PATH)
await runCli(async () => {
  const { db, config } = await connectForCli();
  const file = process.argv[2]
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
    : config.catalogPath;
  try {
    await migrateLatest(db.knex);
    const result = await importCatalog(db.knex, file);
    if (result.status === 'unchanged') {
      console.info(
        `Catalog "${result.edition}" is already imported (${result.questions} questions); nothing changed.`,
      );
    } else {
      const from = result.previousEdition ? ` (was "${result.previousEdition}")` : '';
      console.info(`Imported catalog "${result.edition}"${from}: ${result.questions} questions.`);
    }
  } finally {
    await db.close();
  }
});
