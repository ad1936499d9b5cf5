import { registerLazyNamespace } from '@buergerfit/platform';

/**
 * The `marketing` namespace, one chunk per language: a page load downloads only the language in use (the three
 * languages' long texts together were the biggest part of this remote's JavaScript). Components that use it call
 * `useNamespace(MARKETING)` first; they suspend until it is there.
 */
export const MARKETING = 'marketing';
registerLazyNamespace(MARKETING, {
  de: () => import('@buergerfit/locales/de/marketing.json'),
  en: () => import('@buergerfit/locales/en/marketing.json'),
  hr: () => import('@buergerfit/locales/hr/marketing.json'),
});
