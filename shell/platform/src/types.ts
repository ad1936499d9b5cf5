/** The typed shell ↔ remote contract. A change here is a versioned change of @buergerfit/platform. */

export type Language = 'de' | 'en' | 'hr';

export interface NotificationPreferences {
  email: boolean;
  push: boolean;
  weeklyReport: boolean;
}

export interface User {
  id: string;
  name: string;
  email: string | null;
  nickname: string | null;
  avatarUrl: string | null;
  preferredLanguage: Language | null;
  federalState: string | null;
  onboarded: boolean;
  /** The learner's real test date (YYYY-MM-DD), if they set one: the dashboard plans towards it. */
  examDate?: string | null;
  /**
   * The share of questions the learner wants to still know when they come up again (FSRS desired retention,
   * 0.80–0.95, default 0.90): higher means more frequent reviews.
   */
  desiredRetention?: number;
  notifications: NotificationPreferences;
}

/** Props of every remote's `./App` entry. The remote renders its own `<Routes>` below `basename`. */
export interface RemoteAppProps {
  /** Path the shell mounts the remote on, e.g. `/learn`; `/` for remotes owning several top-level paths. */
  basename: string;
}

/** Props of mf_marketing's `./ContactDialog` entry. */
export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Federation names of the remotes. */
export type RemoteName = 'mf_marketing' | 'mf_exam' | 'mf_learn' | 'mf_dashboard' | 'mf_account';

/** One entry of `GET /api/remotes`. */
export interface RemoteDescriptor {
  name: RemoteName | (string & {});
  variant: string;
  version: string;
  manifestUrl: string;
}

export interface RemoteRegistryResponse {
  remotes: RemoteDescriptor[];
}

/** The BFF's error body. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}
