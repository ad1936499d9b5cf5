import { api, type Language, type NotificationPreferences, type User } from '@buergerfit/platform';

/** Body of `PATCH /api/user/settings` (the BFF validates it strictly: no other keys). */
export interface SettingsPatch {
  nickname?: string | null;
  preferredLanguage?: Language | null;
  federalState?: string | null;
  notifications?: Partial<NotificationPreferences>;
  onboarded?: boolean;
  /** YYYY-MM-DD or null (clears it). */
  examDate?: string | null;
  /** FSRS desired retention, 0.80–0.95 (the BFF answers 400 outside). */
  desiredRetention?: number;
}

/** The desired-retention choices settings offers (80–95 % in steps of 5), and the default. */
export const RETENTION_CHOICES = [0.8, 0.85, 0.9, 0.95] as const;
export const DEFAULT_RETENTION = 0.9;

/** The learner's desired retention, or the default when the account has none. */
export const retentionOf = (user: User | null | undefined): number =>
  user?.desiredRetention ?? DEFAULT_RETENTION;

/** Retention values compared in whole percent (0.85 and 0.8500000001 are the same choice). */
export const samePercent = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/**
 * The account as the BFF answers it: the platform's `User` plus `examDate`, which the BFF added after the
 * platform contract was cut (not in `@buergerfit/platform`'s `User` yet).
 */
export type AccountUser = User & { examDate?: string | null };

export const examDateOf = (user: User | null | undefined): string =>
  (user as AccountUser | null | undefined)?.examDate ?? '';

/** Saves the federal state with the spec's call; the server also marks the user onboarded. */
export const saveFederalState = (code: string) =>
  api.patch<User>('/api/user/setting/german-federal-state', { selected_state: code });

export const saveSettings = (patch: SettingsPatch) => api.patch<User>('/api/user/settings', patch);

export const deleteAccount = () => api.delete<void>('/api/user');

/** What "Download my data" returns (only the parts this remote reads are typed). */
export interface UserExport {
  exportedAt?: string;
  identities?: Array<{ provider?: string }>;
  [section: string]: unknown;
}

export const fetchExport = () => api.get<UserExport>('/api/user/export');

/** The nickname field as the BFF wants it: trimmed, empty → null (the account name is used). */
export function nicknameValue(input: string): string | null {
  const v = input.trim();
  return v === '' ? null : v.slice(0, 40);
}

/** Saves the export as `buergerfit-data-YYYY-MM-DD.json` through a temporary object URL. */
export function saveJsonFile(data: UserExport): string {
  const day = (typeof data.exportedAt === 'string' ? data.exportedAt : new Date().toISOString()).slice(0, 10);
  const filename = `buergerfit-data-${day}.json`;
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}
