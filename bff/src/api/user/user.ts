import { userCalls } from '@buergerfit/contract';
import Router from '@koa/router';
import { clearSessionCookies } from '../../auth/cookies';
import { currentUser } from '../../auth/middleware';
import { stateExists } from '../../catalog/repository';
import type { Deps } from '../../deps';
import { type Mount, Prepared } from '../../http/call';
import { badRequest, unauthorized } from '../../http/errors';
import { memoryModelOf } from '../../learn/memory-model';
import { deleteAccount, saveSettings } from '../../users/account';
import { exportUserData } from '../../users/export';
import { updateUser, userJson } from '../../users/repository';

/**
 * The signed-in user's own account under `/api/user` (signed in, as the contract says). Every route takes the user id from
 * the session only — never from the path, query or body.
 */
export function userRoutes({ db, config }: Deps, mount: Mount): Router {
  const router = new Router();

  const assertState = async (code: string, field: string) => {
    if (!(await stateExists(db, code))) {
      throw badRequest('Unknown federal state.', [
        { path: field, message: 'not one of the 16 federal states' },
      ]);
    }
  };

  mount(router, userCalls.me, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return userJson(db, currentUser(ctx));
  });

  /** Onboarding and settings save the state here; a saved state also completes onboarding. */
  mount(router, userCalls.setFederalState, async (ctx, { body: { selected_state } }) => {
    const me = currentUser(ctx);
    await assertState(selected_state, 'selected_state');
    const user = await updateUser(db, me.id, { federalState: selected_state, onboarded: true });
    if (!user) throw unauthorized();
    return userJson(db, user);
  });

  mount(router, userCalls.updateSettings, async (ctx, { body: patch }) => {
    const me = currentUser(ctx);
    if (patch.federalState) await assertState(patch.federalState, 'federalState');
    const user = await saveSettings(db, me.id, patch);
    if (!user) throw unauthorized();
    return userJson(db, user);
  });

  mount(router, userCalls.export, async (ctx) => {
    const me = currentUser(ctx);
    const data = await exportUserData(db, me.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="buergerfit-data-${data.exportedAt.slice(0, 10)}.json"`,
    );
    // Pretty-printed: a learner may open the downloaded file.
    return new Prepared(data, () => {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(data, null, 2);
    });
  });

  /** Whether personal FSRS weights plan the learner's reviews, and when they were fitted (settings). */
  mount(router, userCalls.memoryModel, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return memoryModelOf(db, currentUser(ctx).id);
  });

  /** Deletes the account and everything tied to it (cascading foreign keys), ends every session. */
  mount(router, userCalls.delete, async (ctx) => {
    const me = currentUser(ctx);
    await deleteAccount(db, me.id);
    ctx.state.log.info({ userId: me.id }, 'account deleted');
    clearSessionCookies(ctx, config);
  });

  return router;
}
