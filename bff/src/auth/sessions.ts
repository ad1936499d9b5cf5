import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { UserRow } from '../users/repository';
import { hashToken, newRefreshToken, REFRESH_TTL_SECONDS, successorToken } from './tokens';

export type SessionRow = {
  id: string;
  user_id: string;
  method: string;
  user_agent: string | null;
  created_at: Date;
  last_used_at: Date;
  revoked_at: Date | null;
};

type RefreshRow = {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
};

const expiry = (db: Knex) => db.raw(`now() + interval '${REFRESH_TTL_SECONDS} seconds'`);

/** A new session (refresh family) with its first refresh token. */
export async function createSession(
  db: Knex,
  userId: string,
  meta: { method: string; userAgent?: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await db.transaction(async (trx) => {
    await trx('sessions').insert({
      id: sessionId,
      user_id: userId,
      method: meta.method,
      user_agent: meta.userAgent ? meta.userAgent.slice(0, 256) : null,
    });
    await trx('refresh_tokens').insert({
      id: randomUUID(),
      family_id: sessionId,
      user_id: userId,
      token_hash: hashToken(refreshToken),
      expires_at: expiry(trx),
    });
  });
  return { sessionId, refreshToken };
}

/** Marks the not yet revoked rows of `table` that match `where` as revoked now. */
const revokeWhere = (db: Knex, table: 'sessions' | 'refresh_tokens', where: Record<string, string>) =>
  db(table).where(where).whereNull('revoked_at').update({ revoked_at: db.fn.now() });

/** Revokes a whole family: the session and every refresh token in it. */
export async function revokeSession(db: Knex, sessionId: string): Promise<void> {
  await revokeWhere(db, 'sessions', { id: sessionId });
  await revokeWhere(db, 'refresh_tokens', { family_id: sessionId });
}

export async function revokeAllSessions(db: Knex, userId: string): Promise<void> {
  await revokeWhere(db, 'sessions', { user_id: userId });
  await revokeWhere(db, 'refresh_tokens', { user_id: userId });
}

export async function sessionOfRefreshToken(db: Knex, token: string): Promise<string | null> {
  const row = await db<RefreshRow>('refresh_tokens')
    .where({ token_hash: hashToken(token) })
    .first('family_id');
  return row?.family_id ?? null;
}

export type Rotation =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * How long a refresh token that was just rotated still yields its successor. Two tabs (or a retried request)
 * refreshing with the same cookie at once are not an attack: within this window the second one gets the same
 * new token as the first; after it, presenting a rotated token is reuse and revokes the family.
 */
export const REFRESH_GRACE_SECONDS = 30;

/**
 * Swaps a live refresh token for a new one in the same family (its successor, `successorToken`). A token that
 * was rotated more than REFRESH_GRACE_SECONDS ago, or revoked, means it leaked (or was replayed): the whole
 * family is revoked. The row is locked, so two instances racing with the same token apply one after the other,
 * and the second finds it rotated a moment ago: it answers the same successor.
 */
export async function rotateRefreshToken(
  db: Knex,
  token: string,
  secret: string,
  userAgent?: string | null,
): Promise<Rotation> {
  return db.transaction(async (trx) => {
    const row = (await trx<RefreshRow>('refresh_tokens')
      .where({ token_hash: hashToken(token) })
      .forUpdate()
      .first(
        '*',
        trx.raw(`(revoked_at > now() - interval '${REFRESH_GRACE_SECONDS} seconds') AS in_grace`),
      )) as (RefreshRow & { in_grace: boolean | null }) | undefined;
    if (!row) return { ok: false, reason: 'unknown' } as const;
    const session = await trx<SessionRow>('sessions').where({ id: row.family_id }).forUpdate().first();
    const next = successorToken(secret, token);
    if (row.replaced_by && row.in_grace && session && !session.revoked_at) {
      const successor = await trx<RefreshRow>('refresh_tokens')
        .where({ id: row.replaced_by, token_hash: hashToken(next) })
        .first('id');
      if (successor)
        return { ok: true, userId: row.user_id, sessionId: row.family_id, refreshToken: next } as const;
    }
    if (row.replaced_by || row.revoked_at) {
      await revokeSession(trx, row.family_id);
      return { ok: false, reason: row.replaced_by ? 'reused' : 'revoked' } as const;
    }
    if (!session || session.revoked_at) {
      await revokeSession(trx, row.family_id);
      return { ok: false, reason: 'revoked' } as const;
    }
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    const nextId = randomUUID();
    await trx('refresh_tokens').insert({
      id: nextId,
      family_id: row.family_id,
      user_id: row.user_id,
      token_hash: hashToken(next),
      expires_at: expiry(trx),
    });
    await trx('refresh_tokens')
      .where({ id: row.id })
      .update({ replaced_by: nextId, revoked_at: trx.fn.now() });
    await trx('sessions')
      .where({ id: row.family_id })
      .update({
        last_used_at: trx.fn.now(),
        ...(userAgent ? { user_agent: userAgent.slice(0, 256) } : {}),
      });
    return { ok: true, userId: row.user_id, sessionId: row.family_id, refreshToken: next } as const;
  });
}

/** The user of a live session: the one query behind every signed-in request. */
export async function userOfSession(
  db: Knex,
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> {
  return db<UserRow>('users as u')
    .join('sessions as s', 's.user_id', 'u.id')
    .where('u.id', userId)
    .andWhere('s.id', sessionId)
    .whereNull('s.revoked_at')
    .first('u.*');
}

export async function listSessions(db: Knex, userId: string): Promise<SessionRow[]> {
  return db<SessionRow>('sessions').where({ user_id: userId }).orderBy('created_at');
}
