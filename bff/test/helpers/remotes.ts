import type { Knex } from 'knex';
import { upsertVariant } from '../../src/remotes/registry';

/**
 * A live `default` variant of `remote` with its manifest under `/remotes/<remote>/<version>/`, as a deploy
 * registers it: there whether or not the frontends were built before the tests ran (a fresh clone has none).
 */
export const liveDefault = (db: Knex, remote: string, version = '1') =>
  upsertVariant(db, {
    remote,
    variant: 'default',
    version,
    manifestUrl: `/remotes/${remote}/${version}/mf-manifest.json`,
  });
