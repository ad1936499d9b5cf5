/**
 * The server renderer of this remote (built into the build's `ssr/` folder; the BFF runs it): the sign-in page,
 * with the providers this server has set up, painted before any script.
 */
import { defineSsr } from '@buergerfit/platform/ssr';
import Root from './Root';

export default defineSsr({ Root, pages: ['/login'] });
