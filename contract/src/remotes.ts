import { z } from 'zod';
import { call } from './call';

/** The federated remotes, by federation name. */
export const RemoteName = z.enum([
  'mf_marketing',
  'mf_exam',
  'mf_learn',
  'mf_dashboard',
  'mf_account',
  'mf_admin',
]);
export type RemoteName = z.infer<typeof RemoteName>;

/** Where this visitor loads a remote from: the A/B variant they were assigned and its build's manifest. */
export const RemoteDescriptor = z
  .object({ name: RemoteName, variant: z.string(), version: z.string(), manifestUrl: z.string() })
  .strict();
export type RemoteDescriptor = z.infer<typeof RemoteDescriptor>;

/** Every enabled remote, sorted by name; a remote without an enabled variant is missing. */
export const RemoteRegistry = z.object({ remotes: z.array(RemoteDescriptor) }).strict();
export type RemoteRegistry = z.infer<typeof RemoteRegistry>;

export const remoteCalls = {
  /**
   * The shell's first call: assigns the visitor a variant of each remote (sticky while it stays enabled). 429
   * past the new-visitor budget of the caller's network.
   */
  list: call('GET /api/remotes', 'none', RemoteRegistry),
};
