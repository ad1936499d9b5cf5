/**
 * Registers the service worker (shell/public/sw.js, served at /sw.js) in production builds: it keeps the shell,
 * the learn remote and the question sets so learn mode starts with no network. Never in development (the dev
 * servers' files change all the time) nor in tests.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('[shell] service worker not registered', error));
  };
  // After the page's own loading, so the first visit is not slowed down by the worker's downloads.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
