import type { Knex } from 'knex';
import * as catalog from './20261122_001_catalog';
import * as remotes from './20261122_002_remotes';
import * as users from './20261122_003_users';
import * as exam from './20261122_004_exam';
import * as contact from './20261122_005_contact';
import * as learning from './20261122_006_learning';
import * as learn from './20261122_007_learn';
import * as achievementsOnWrite from './20261123_008_achievements_on_write';
import * as answerLog from './20261124_009_answer_log';
import * as writeLimits from './20261124_010_write_limits';
import * as catalogSupplement from './20261124_011_catalog_supplement';
import * as attemptSweep from './20261124_012_attempt_sweep';
import * as progressVersion from './20261124_013_progress_version';
import * as ownContent from './20261124_014_own_content';
import * as contentReports from './20261125_015_content_reports';
import * as deploys from './20261125_016_deploys';
import * as admin from './20261125_017_admin';
import * as ssrHealth from './20261128_018_ssr_health';
import * as boundedWrites from './20261128_019_bounded_writes';
import * as memoryModels from './20261129_020_memory_models';
import * as celebrations from './20261130_021_celebrations';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

/**
 * Every migration, in order. A static list (not a folder scan) so the same source works under tsx, vitest
 * and a bundle; knex records these names, so a name never changes once released. Append new ones at the end.
 */
export const migrations: ReadonlyArray<readonly [string, Migration]> = [
  ['20261122_001_catalog', catalog],
  ['20261122_002_remotes', remotes],
  ['20261122_003_users', users],
  ['20261122_004_exam', exam],
  ['20261122_005_contact', contact],
  ['20261122_006_learning', learning],
  ['20261122_007_learn', learn],
  ['20261123_008_achievements_on_write', achievementsOnWrite],
  ['20261124_009_answer_log', answerLog],
  ['20261124_010_write_limits', writeLimits],
  ['20261124_011_catalog_supplement', catalogSupplement],
  ['20261124_012_attempt_sweep', attemptSweep],
  ['20261124_013_progress_version', progressVersion],
  ['20261124_014_own_content', ownContent],
  ['20261125_015_content_reports', contentReports],
  ['20261125_016_deploys', deploys],
  ['20261125_017_admin', admin],
  ['20261128_018_ssr_health', ssrHealth],
  ['20261128_019_bounded_writes', boundedWrites],
  ['20261129_020_memory_models', memoryModels],
  ['20261130_021_celebrations', celebrations],
];

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = migrations.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};
