import { randomUUID } from 'node:crypto';
import { SignInProvider, type User } from '@buergerfit/contract';
import type { Knex } from 'knex';
import type { Language } from '../http/lang';

export type UserRow = {
  id: string;
  username: string;
  email: string | null;
  nickname: string | null;
  avatar_url: string | null;
  preferred_language: Language | null;
  federal_state: string | null;
  onboarded: boolean;
  notify_email: boolean;
  notify_push: boolean;
  notify_weekly_report: boolean;
  /** DATE: pg hands it back as a Date at local midnight (or a string if a type parser says so). */
  exam_date: Date | string | null;
  /** FSRS desired retention, 0.80–0.95. */
  desired_retention: number;
  password_hash: string | null;
  /** `admin` may use the A/B console (granted with `npm run remotes -- admin grant`); everyone else `learner`. */
  role: 'learner' | 'admin';
  /** Counts changes to what the dashboard shows (bigint; migration 013): the dashboard cache's key. */
  progress_version: string | number;
  created_at: Date;
  updated_at: Date;
};

/** The user as the frontends see it (`GET /api/user/me` and every settings answer): the contract's `User`. */
export type UserJson = User;

/** A DATE column as YYYY-MM-DD, whether pg returned a local-midnight Date or the text. */
function dateOnly(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
}

/** The user's JSON, given the sign-in providers linked to the account (see `userJson`). */
export function toUserJson(u: UserRow, providers: SignInProvider[]): UserJson {
  return {
    id: u.id,
    name: u.nickname ?? u.username,
    email: u.email,
    nickname: u.nickname,
    avatarUrl: u.avatar_url,
    preferredLanguage: u.preferred_language,
    federalState: u.federal_state,
    onboarded: u.onboarded,
    notifications: { email: u.notify_email, push: u.notify_push, weeklyReport: u.notify_weekly_report },
    examDate: dateOnly(u.exam_date),
    desiredRetention: u.desired_retention ?? 0.9,
    providers,
  };
}

const isSignInProvider = (p: string): p is SignInProvider => (SignInProvider.options as string[]).includes(p);

/** The user's JSON with the providers of their linked identities, sorted (settings list them). */
export async function userJson(db: Knex, u: UserRow): Promise<UserJson> {
  const rows: { provider: string }[] = await db('identities')
    .where({ user_id: u.id })
    .distinct('provider')
    .orderBy('provider');
  return toUserJson(u, rows.map((r) => r.provider).filter(isSignInProvider));
}

export async function findUser(db: Knex, id: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();
}

export type NewUser = {
  username: string;
  email?: string | null;
  avatarUrl?: string | null;
  passwordHash?: string | null;
};

export async function createUser(db: Knex, u: NewUser): Promise<UserRow> {
  const [row] = await db<UserRow>('users')
    .insert({
      id: randomUUID(),
      username: u.username,
      email: u.email ?? null,
      avatar_url: u.avatarUrl ?? null,
      password_hash: u.passwordHash ?? null,
    })
    .returning('*');
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export type UserPatch = {
  nickname?: string | null;
  preferredLanguage?: Language | null;
  federalState?: string | null;
  onboarded?: boolean;
  notifications?: { email?: boolean; push?: boolean; weeklyReport?: boolean };
  passwordHash?: string | null;
  /** YYYY-MM-DD or null to clear. */
  examDate?: string | null;
  desiredRetention?: number;
};

/** Applies only the fields present; always scoped to one user id (the caller's, from the session). */
export async function updateUser(db: Knex, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const row: Record<string, unknown> = {};
  if (patch.nickname !== undefined) row.nickname = patch.nickname;
  if (patch.preferredLanguage !== undefined) row.preferred_language = patch.preferredLanguage;
  if (patch.federalState !== undefined) row.federal_state = patch.federalState;
  if (patch.onboarded !== undefined) row.onboarded = patch.onboarded;
  if (patch.notifications?.email !== undefined) row.notify_email = patch.notifications.email;
  if (patch.notifications?.push !== undefined) row.notify_push = patch.notifications.push;
  if (patch.notifications?.weeklyReport !== undefined)
    row.notify_weekly_report = patch.notifications.weeklyReport;
  if (patch.passwordHash !== undefined) row.password_hash = patch.passwordHash;
  if (patch.examDate !== undefined) row.exam_date = patch.examDate;
  if (patch.desiredRetention !== undefined) row.desired_retention = patch.desiredRetention;
  if (Object.keys(row).length === 0) return findUser(db, id);
  const [updated] = await db<UserRow>('users')
    .where({ id })
    .update({ ...row, updated_at: db.fn.now() })
    .returning('*');
  return updated;
}

/** Deletes the user; every user-owned table cascades from `users`. */
export async function deleteUser(db: Knex, id: string): Promise<boolean> {
  return (await db('users').where({ id }).delete()) > 0;
}

// ── identities ─────────────────────────────────────────────────────────────────────────────────────────────

/** The most graphemes a name from a sign-in provider keeps: the nickname's limit, as it stands in for one. */
export const NAME_MAX = 40;
/** …and the most UTF-16 units (a grapheme may carry any number of combining marks). */
const NAME_UNITS = 120;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * A provider's name as it is stored and shown in every header: at most NAME_MAX graphemes and NAME_UNITS units;
 * a longer one keeps what fits of its start and ends with an ellipsis (never cutting a character in two).
 */
export function boundName(name: string): string {
  const head = name.slice(0, 4 * NAME_UNITS);
  const parts = Array.from(graphemes.segment(head), (g) => g.segment);
  if (parts.length <= NAME_MAX && name.length <= NAME_UNITS) return name;
  let kept = '';
  for (const part of parts.slice(0, NAME_MAX - 1)) {
    if (kept.length + part.length > NAME_UNITS - 1) break;
    kept += part;
  }
  if (kept === '')
    kept = Array.from(head)
      .slice(0, NAME_MAX - 1)
      .join('');
  return `${kept.trimEnd()}…`;
}

export type ExternalProfile = {
  provider: string;
  subject: string;
  username: string;
  email: string | null;
  emailVerified: boolean;
  avatarUrl: string | null;
};

export type IdentityRow = {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  username: string | null;
  email: string | null;
  email_verified: boolean;
  created_at: Date;
  last_used_at: Date;
};

export async function listIdentities(db: Knex, userId: string): Promise<IdentityRow[]> {
  return db<IdentityRow>('identities').where({ user_id: userId }).orderBy('created_at');
}

/**
 * Finds or creates the user behind a provider identity. A new identity joins an existing user only when the
 * provider vouches for the email (verified) and it equals the user's (verified) email; otherwise a new user.
 */
export async function signInWithIdentity(
  db: Knex,
  p: ExternalProfile,
): Promise<{ user: UserRow; created: boolean; linked: boolean }> {
  const verifiedEmail = p.email && p.emailVerified ? p.email : null;
  const username = boundName(p.username);
  return db.transaction(async (trx) => {
    const identity = await trx<IdentityRow>('identities')
      .where({ provider: p.provider, subject: p.subject })
      .first();
    if (identity) {
      await trx('identities').where({ id: identity.id }).update({
        username,
        email: p.email,
        email_verified: p.emailVerified,
        last_used_at: trx.fn.now(),
      });
      const user = await findUser(trx, identity.user_id);
      if (!user) throw new Error('identity without user');
      return { user, created: false, linked: false };
    }
    let user = verifiedEmail ? await findUserByEmail(trx, verifiedEmail) : undefined;
    const linked = Boolean(user);
    let created = false;
    if (!user) {
      user = await createUser(trx, { username, email: verifiedEmail, avatarUrl: p.avatarUrl });
      created = true;
    }
    await trx('identities').insert({
      id: randomUUID(),
      user_id: user.id,
      provider: p.provider,
      subject: p.subject,
      username,
      email: p.email,
      email_verified: p.emailVerified,
    });
    return { user, created, linked };
  });
}
