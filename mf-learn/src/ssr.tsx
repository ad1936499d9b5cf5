/**
 * The server renderer of this remote (built into the build's `ssr/` folder; the BFF runs it): the learn page with
 * the learner's first question, painted before any script.
 */
import { defineSsr } from '@buergerfit/platform/ssr';
import Root from './Root';

export default defineSsr({ Root, pages: ['/learn'] });
