/** The app's routes as the route-wide checks (accessibility, layout) visit them. */
export const PUBLIC_ROUTES = [
  '/',
  '/knowledge/einburgerungstest',
  '/privacy-policy',
  '/terms-of-service',
  '/about',
  '/demo',
  '/login',
  '/no-such-page',
] as const;

/** Signed in with a federal state chosen. */
export const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/learn',
  '/learn/focus',
  '/learn/challenge',
  '/learn/state',
  '/learn/flashcards',
  '/learn/bookmarks',
  '/learn/mistakes',
  '/exam',
  '/exam/history',
  '/profile-settings',
] as const;
