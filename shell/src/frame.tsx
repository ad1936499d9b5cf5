/**
 * The shell rendered on the server: its header and footer for this visitor (their language, signed in or not, the
 * page's path) around the page's area, which holds an empty slot (`<div data-bf-slot="<remote>">`, see
 * remotes/PageIsland.tsx) where the BFF puts the remote's own server-made markup (bff/src/pages/). A page sent that
 * way is complete before any script: its links work, its header is there at the first paint, and the shell's
 * scripts hydrate this same markup (src/bootstrap.tsx). Built by the shell's `ssr` environment into
 * `dist/ssr/index.mjs`, run by the BFF in the sandboxed renderer.
 */
import { shell } from '@buergerfit/locales';
import { registerNamespace } from '@buergerfit/platform';
import { defineSsr } from '@buergerfit/platform/ssr';
import { ShellApp } from './App';
import { type RemoteLoader, RemoteLoaderProvider } from './remotes/context';

registerNamespace('shell', shell);

/** No remote runs on the server here: a page's area is its slot (filled by the BFF), nothing else is loaded. */
const SLOT_ONLY: RemoteLoader = {
  load: () => Promise.resolve({ default: () => null }),
  reset: () => {},
  preload: () => {},
  expose: () => {},
};

function Frame() {
  return (
    <RemoteLoaderProvider loader={SLOT_ONLY}>
      <ShellApp />
    </RemoteLoaderProvider>
  );
}

export default defineSsr({ Root: Frame, pages: [] });
