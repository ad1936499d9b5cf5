/**
 * A post-sign-in destination: only a same-origin path (`/` followed by anything but a second `/` or `\`),
 * no scheme, host or control characters. Anything else → `/`.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const base = 'http://return.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Checked again after normalisation: `/.//evil.example`, `/%2e//…` and `/x/..//…` become `//evil.example`,
    // which a browser reads as another host.
    if (
      !path.startsWith('/') ||
      path.startsWith('//') ||
      path.startsWith('/\\') ||
      /%2f|%5c/i.test(url.pathname.slice(0, 4))
    )
      return '/';
    return path;
  } catch {
    return '/';
  }
}

/** Where onboarding ends when no destination is carried (mf-account's default). */
const ONBOARDING_DEFAULT = '/dashboard';

/**
 * Where a not-yet-onboarded user goes after sign-in: `/welcome`, with the remembered destination as
 * `?redirect=` (validated like any return path) so that onboarding ends there. The default destinations (`/`,
 * `/dashboard`) and the sign-in and onboarding pages themselves are not carried.
 */
export function welcomePath(returnTo: unknown): string {
  const target = safeReturnPath(returnTo);
  const { pathname } = new URL(target, 'http://return.invalid');
  if (target === '/' || target === ONBOARDING_DEFAULT || /^\/(welcome|login|auth)(\/|$)/.test(pathname)) {
    return '/welcome';
  }
  return `/welcome?${new URLSearchParams({ redirect: target })}`;
}
