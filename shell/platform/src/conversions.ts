import { api } from './api';
import type { RemoteName } from './types';

const sent = new Set<string>();

/**
 * Records the A/B conversion of a remote (its goal reached: the landing's start button, a first learn answer,
 * a mode opened from the dashboard) for this visitor. The BFF keeps the first per visitor and remote and
 * attributes it to the variant the visitor was shown; here it is sent at most once per page load.
 * Fire-and-forget: a failure is logged and never disturbs the learner.
 */
export function trackConversion(remote: RemoteName, event: string): void {
  if (sent.has(remote)) return;
  sent.add(remote);
  api
    .post('/api/remotes/conversions', { remote, event }, { skipRefresh: true })
    .catch((error: unknown) => console.warn(`[conversion] ${remote} ${event} not recorded`, error));
}

/**
 * The `ping` attribute of a link whose tap reaches a remote's goal: a tap before the page is hydrated is a plain
 * navigation, and the browser then sends the conversion itself (hyperlink auditing). Once hydrated, the link's
 * click handler calls `trackConversion` and the app navigates without the browser following the link, so nothing
 * is sent twice; the BFF keeps the first conversion anyway.
 */
export const conversionPing = (remote: RemoteName, event: string): string =>
  `/api/remotes/conversions/ping?${new URLSearchParams({ remote, event })}`;
