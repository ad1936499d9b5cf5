/**
 * Build-time prerender (the `prerender` environment of rsbuild.config.ts, a Node bundle): the public pages of this
 * remote as HTML fragments per language, rendered from the same components with the same CSS-module class names
 * as the browser build. The build writes them to `dist/prerender/<lang>/<page>.html`, so they are published and
 * versioned with the remote (each A/B variant has its own); the BFF puts the visitor's one into the page.
 */
import { marketing } from '@buergerfit/locales';
import {
  createQueryClient,
  initI18n,
  type Language,
  MemoryRouter,
  PlatformProviders,
  registerNamespace,
} from '@buergerfit/platform';
import { takeServerTitle } from '@buergerfit/platform/ssr';
import i18next from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { MARKETING } from './i18n';
import Root from './Root';

// All languages at once: the build renders every one of them.
registerNamespace(MARKETING, marketing);

/** The pages that are prerendered (the shell mounts this remote at `/`). */
export const PAGES = ['/', '/knowledge/einburgerungstest', '/privacy-policy', '/terms-of-service', '/about'];
/** Every language of the app gets its fragments. */
export { LANGUAGES } from '@buergerfit/locales';

/** Where a page's fragment lives below `dist/prerender/<lang>/` (the BFF uses the same rule). */
export const fragmentFile = (pathname: string) => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

/**
 * One page in one language, as the remote renders it in the browser (signed out), and the document title it asks
 * for. A static prerender (not renderToString): it waits for the pages that load on their own (React.lazy) and
 * writes them complete.
 */
export async function render(
  lng: Language,
  pathname: string,
): Promise<{ html: string; title: string | null }> {
  await initI18n(undefined, lng);
  await i18next.changeLanguage(lng);
  takeServerTitle();
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter initialEntries={[pathname]}>
      <PlatformProviders queryClient={createQueryClient()} checkSession={false}>
        <Root basename="/" />
      </PlatformProviders>
    </MemoryRouter>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, title: takeServerTitle() };
}
