import { z } from 'zod';
import { RemoteDescriptor } from './remotes';
import { User } from './user';

/**
 * What the BFF already knows about the visitor when it answers a page: who they are — the signed-in user, a guest
 * (no session cookie at all: no session check, no token refresh), or unknown (an expired access token beside a
 * refresh cookie: the shell checks as before).
 */
export const BootSession = z.discriminatedUnion('status', [
  z.object({ status: z.literal('user'), user: User }).strict(),
  z.object({ status: z.literal('guest') }).strict(),
  z.object({ status: z.literal('unknown') }).strict(),
]);
export type BootSession = z.infer<typeof BootSession>;

/**
 * The page's boot data, inline in the HTML (`<script id="bf-boot" type="application/json">`): what the shell would
 * otherwise fetch first — this visitor's registry entries (`GET /api/remotes`; null past the new-visitor budget,
 * when the shell asks itself) and the session (`GET /api/user/me`); for a server-rendered page, its first data.
 */
export const PageBoot = z
  .object({
    remotes: z.array(RemoteDescriptor).nullable(),
    session: BootSession,
    /**
     * A page the server rendered: the first data it was rendered with (TanStack Query's dehydrated cache, as the
     * remote's server renderer left it), so the live remote shows the same at once instead of asking again.
     */
    queries: z.unknown().optional(),
    /**
     * A page the server rendered: the first data too large to travel inside it (a learner's question set), named
     * by the API path that answers it. The page preloads each path; the shell hydrates the query from its answer
     * before the live remote renders.
     */
    deferredQueries: z
      .array(z.object({ queryKey: z.array(z.unknown()), path: z.string().startsWith('/api/') }).strict())
      .optional(),
  })
  .strict();
export type PageBoot = z.infer<typeof PageBoot>;

/** The id of the element that carries the boot data (the page protocol, page.ts). */
export { PAGE_BOOT_ID } from './page';
