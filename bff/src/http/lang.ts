import { LANGUAGES, type LocaleLanguage } from '@buergerfit/locales';
import type { Context } from 'koa';
import { HttpError } from './errors';

/** The app's languages: the one list of @buergerfit/locales. */
export { LANGUAGES };
export type Language = LocaleLanguage;
export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

declare module 'koa' {
  interface DefaultState {
    /** The `{lang}` of `/api/{lang}/...`, once the API's language check let it through (api/index.ts). */
    lang?: Language;
  }
}

/** `{lang}` of `/api/{lang}/...`: de, en or hr; anything else is a 404 `unsupported_language`. */
export function supportedLanguage(value: unknown): Language {
  if (!isLanguage(value)) {
    throw new HttpError(
      404,
      'unsupported_language',
      `Language '${String(value)}' is not supported. Use de, en or hr.`,
    );
  }
  return value;
}

/** The checked `{lang}` of this request; only for routes mounted on the API's `/api/:lang` router. */
export function requestLanguage(ctx: Context): Language {
  const lang = ctx.state.lang;
  if (!lang) throw new Error(`${ctx.path}: no checked language (a route outside the /api/:lang router?)`);
  return lang;
}
