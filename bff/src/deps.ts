import type { Knex } from 'knex';
import type { AuthSetup } from './auth/providers';
import type { Config } from './config';
import type { Logger } from './logger';

/** What every route module gets: the database, the configuration, the logger and the sign-in setup. */
export type Deps = { db: Knex; config: Config; logger: Logger; auth: AuthSetup };
