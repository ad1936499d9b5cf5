import Router from '@koa/router';
import { z } from 'zod';
import { clearSessionCookies } from '../../auth/cookies';
import { currentUser } from '../../auth/middleware';
import { stateExists } from '../../catalog/repository';
import type { Deps } from '../../deps';
import { badRequest, unauthorized } from '../../http/errors';
import { LANGUAGES } from '../../http/lang';
import { parseBody } from '../../http/validate';
import { RETENTION_RANGE } from '../../learn/scheduler';
import { deleteAccount, saveSettings } from '../../users/account';
import { exportUserData } from '../../users/export';
import { updateUser, userJson } from '../../users/repository';

const stateCode = z.string().regex(/^[A-Z]{2}$/, 'must be a state code like BW');

const federalStateBody = z.object({ selected_state: stateCode });

/** A test day the dashboard can plan towards: any real date of this century. */
const EXAM_DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;

export const settingsBody = z
  .object({
    nickname: z.string().trim().min(1).max(40).nullable(),
    preferredLanguage: z.enum(LANGUAGES).nullable(),
    federalState: stateCode.nullable(),
    notifications: z
      .object({ email: z.boolean(), push: z.boolean(), weeklyReport: z.boolean() })
      .partial()
      .strict(),
    onboarded: z.boolean(),
    /** The learner's test day for the dashboard's daily plan; null clears it. */
    examDate: z.iso
      .date('must be a date like 2026-06-30')
      .refine((d) => d >= EXAM_DATE_RANGE.min && d <= EXAM_DATE_RANGE.max, {
        message: `must be between ${EXAM_DATE_RANGE.min} and ${EXAM_DATE_RANGE.max}`,
      })
      .nullable(),
    /** FSRS desired retention: 0.80–0.95 (the settings offer 80, 85, 90, 95 %). */
    desiredRetention: z
      .number()
      .min(RETENTION_RANGE.min, 'must be between 0.80 and 0.95')
      .max(RETENTION_RANGE.max, 'must be between 0.80 and 0.95'),
  })
  .partial()
  .strict();

/**
 * The signed-in user's own account under `/api/user` (signed in: api/index.ts). Every route takes the user id from
 * the session only — never from the path, query or body.
 */
export function userRoutes({ db, config }: Deps): Router {
  const router = new Router();

  const assertState = async (code: string, field: string) => {
    if (!(await stateExists(db, code))) {
      throw badRequest('Unknown federal state.', [
        { path: field, message: 'not one of the 16 federal states' },
      ]);
    }
  };

  router.get('/api/user/me', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await userJson(db, currentUser(ctx));
  });

  /** Onboarding and settings save the state here; a saved state also completes onboarding. */
  router.patch('/api/user/setting/german-federal-state', async (ctx) => {
    const me = currentUser(ctx);
    const { selected_state } = parseBody(ctx, federalStateBody);
    await assertState(selected_state, 'selected_state');
    const user = await updateUser(db, me.id, { federalState: selected_state, onboarded: true });
    if (!user) throw unauthorized();
    ctx.body = await userJson(db, user);
  });

  router.patch('/api/user/settings', async (ctx) => {
    const me = currentUser(ctx);
    const patch = parseBody(ctx, settingsBody);
    if (patch.federalState) await assertState(patch.federalState, 'federalState');
    const user = await saveSettings(db, me.id, patch);
    if (!user) throw unauthorized();
    ctx.body = await userJson(db, user);
  });

  router.get('/api/user/export', async (ctx) => {
    const me = currentUser(ctx);
    const data = await exportUserData(db, me.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="buergerfit-data-${data.exportedAt.slice(0, 10)}.json"`,
    );
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(data, null, 2);
  });

  /** Deletes the account and everything tied to it (cascading foreign keys), ends every session. */
  router.delete('/api/user', async (ctx) => {
    const me = currentUser(ctx);
    await deleteAccount(db, me.id);
    ctx.state.log.info({ userId: me.id }, 'account deleted');
    clearSessionCookies(ctx, config);
    ctx.status = 204;
  });

  return router;
}
