import type { Knex } from 'knex';
import type { AuthSetup } from './auth/providers';
import type { Config } from './config';
import type { Logger } from './logger';
import type { ServerRendering } from './remotes/ssr-health';

/**
 * What every route module gets: the database, the configuration, the logger and the sign-in setup; and the server's
 * page rendering (its sandboxed renderers), which the server closes when it stops.
 */
export type Deps = { db: Knex; config: Config; logger: Logger; auth: AuthSetup; rendering?: ServerRendering };
