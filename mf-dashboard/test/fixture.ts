import type { Dashboard } from '@buergerfit/contract';
import { dashboard } from '@buergerfit/contract/samples';

/** A learner mid-way in Berlin: the contract's sample of GET /api/{lang}/user/dashboard. */
export const fixture: Dashboard = dashboard;
