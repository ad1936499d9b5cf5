/**
 * The server renderer of this remote (built into the build's `ssr/` folder; the BFF runs it): the learn page with
 * the learner's first question, painted before any script.
 */
import { defineSsr } from '@buergerfit/platform/ssr';
import Root from './Root';

// The learner answers at once: the app starts just after the first paint, not at the first tap.
export default defineSsr({ Root, pages: ['/learn'], usedAtOnce: ['/learn'] });
