/** The six federated remotes: federation name → workspace folder. */
export const REMOTES = {
  mf_marketing: 'mf-marketing',
  mf_exam: 'mf-exam',
  mf_learn: 'mf-learn',
  mf_dashboard: 'mf-dashboard',
  mf_account: 'mf-account',
  mf_admin: 'mf-admin',
} as const;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
export const isRemoteName = (v: unknown): v is RemoteName => typeof v === 'string' && v in REMOTES;
