/**
 * What every page of the app carries in its `<head>`, as data: Rsbuild writes it into `dist/index.html` (the page
 * the service worker keeps for offline use) and into `dist/page.json`, from which the BFF makes every page it sends
 * with one typed template (bff/src/pages/template.ts). Outside src/: the colours of the browser's bar are literals
 * here, as a meta tag cannot read a CSS variable (the tokens' check scans src/).
 */
import type { HeadLink, HeadMeta } from '@buergerfit/contract/page';

export type { PageParts } from '@buergerfit/contract/page';

export const PAGE_TITLE = 'Bürgerfit – Einbürgerungstest';

export const PAGE_META: readonly HeadMeta[] = [
  { name: 'viewport', content: 'width=device-width, initial-scale=1' },
  {
    name: 'description',
    content: 'Learn for the German naturalisation test (Einbürgerungstest) in German, English or Croatian.',
  },
  // The browser's bar: the brand green in the light theme (as the manifest's theme_color), the header's surface in
  // the dark one (ui/src/tokens.css --bf-color-surface). A learner's own choice of theme moves the media queries
  // (platform theme.ts).
  { name: 'theme-color', content: '#14532d', media: '(prefers-color-scheme: light)' },
  { name: 'theme-color', content: '#1c1917', media: '(prefers-color-scheme: dark)' },
];

// The web app manifest (public/manifest.webmanifest: name, icons, colours, start page) makes the app installable.
export const PAGE_LINKS: readonly HeadLink[] = [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];
