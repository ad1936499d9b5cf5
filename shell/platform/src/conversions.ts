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
