import { migrateLatest } from '../db/migrate';
import { connectForCli, runCli } from './connect';

await runCli(async () => {
  const { db } = await connectForCli();
  try {
    const applied = await migrateLatest(db.knex);
    console.info(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Already up to date.',
    );
  } finally {
    await db.close();
  }
});
