import type { FederalStateChoice, SettingsPatch, User, UserExport } from '@buergerfit/contract';
import { api } from '@buergerfit/platform';

/** What the settings read of the session's user (one cached on the device by an older version may lack them). */
type SettingsOf = Partial<Pick<User, 'examDate' | 'desiredRetention'>>;

/** The desired-retention choices settings offers (80–95 % in steps of 5), and the default. */
export const RETENTION_CHOICES = [0.8, 0.85, 0.9, 0.95] as const;
export const DEFAULT_RETENTION = 0.9;

/** The learner's desired retention, or the default when the account has none. */
export const retentionOf = (user: SettingsOf | null | undefined): number =>
  user?.desiredRetention ?? DEFAULT_RETENTION;

/** Retention values compared in whole percent (0.85 and 0.8500000001 are the same choice). */
export const samePercent = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

export const examDateOf = (user: SettingsOf | null | undefined): string => user?.examDate ?? '';

/** Saves the federal state with the spec's call; the server also marks the user onboarded. */
export const saveFederalState = (code: string) =>
  api.patch<User>('/api/user/setting/german-federal-state', {
    selected_state: code,
  } satisfies FederalStateChoice);

export const saveSettings = (patch: SettingsPatch) => api.patch<User>('/api/user/settings', patch);

export const deleteAccount = () => api.delete<void>('/api/user');

export const fetchExport = () => api.get<UserExport>('/api/user/export');

/** The nickname field as the BFF wants it: trimmed, empty → null (the account name is used). */
export function nicknameValue(input: string): string | null {
  const v = input.trim();
  return v === '' ? null : v.slice(0, 40);
}

/** Saves the export as `buergerfit-data-YYYY-MM-DD.json` through a temporary object URL. */
export function saveJsonFile(data: UserExport): string {
  const day = data.exportedAt.slice(0, 10);
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
