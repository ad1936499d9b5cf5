import type { Knex } from 'knex';
import { revokeAllSessions } from '../auth/sessions';
import { capDueAtExam } from '../learn/repository';
import { deleteUser, type UserPatch, type UserRow, updateUser } from './repository';

/**
 * Saves the learner's settings; a new test date also pulls every question scheduled after it back to the eve of
 * the test (one transaction). Undefined when the user is gone.
 */
export async function saveSettings(db: Knex, userId: string, patch: UserPatch): Promise<UserRow | undefined> {
  return db.transaction(async (trx) => {
    const updated = await updateUser(trx, userId, patch);
    if (updated && patch.examDate) await capDueAtExam(trx, userId);
    return updated;
  });
}

/** Deletes the account and everything tied to it (cascading foreign keys), and ends every session. */
export async function deleteAccount(db: Knex, userId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await revokeAllSessions(trx, userId);
    // The A/B console's audit log keeps what was changed, not by whom (its link becomes null with the account).
    await trx('admin_audit').where({ user_id: userId }).update({ actor: 'deleted account' });
    await deleteUser(trx, userId);
  });
}
