/**
 * The shell's frame rendered on the server: the header and footer the shell would render for this visitor (their
 * language, signed in or not, the page's path), around a slot where the BFF puts the remote's own server-made
 * markup (bff/src/web/shell.ts). A page sent that way is complete before any script: its links work, its header
 * is there at the first paint, and when the shell starts it renders the same frame in its place. Built by the
 * shell's `ssr` environment into `dist/ssr/index.mjs`, run by the BFF's server-render worker.
 */
import { shell } from '@buergerfit/locales';
import { registerNamespace } from '@buergerfit/platform';
import { defineSsr } from '@buergerfit/platform/ssr';
import { createElement } from 'react';
import { ShellApp } from './App';
import { type RemoteLoader, RemoteLoaderProvider } from './remotes/context';

/** The element the BFF replaces with the page's own markup (its tag is unique to the frame). */
export const FRAME_SLOT = 'bf-slot';

registerNamespace('shell', shell);

/** Nothing is loaded on the server: the frame renders no remote (a contact dialog is never open there). */
const NO_REMOTES: RemoteLoader = {
  load: () => new Promise<never>(() => {}),
  reset: () => {},
  preload: () => {},
  expose: () => {},
};

function Frame() {
  return (
    <RemoteLoaderProvider loader={NO_REMOTES}>
      <ShellApp content={createElement(FRAME_SLOT)} />
    </RemoteLoaderProvider>
  );
}

export default defineSsr({ Root: Frame, pages: [] });
