export const LANGUAGES = ['de', 'en', 'hr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** Looks like a language tag (`fr`, `pt-BR`, `zh_Hant`): the first segment of an `/api/{lang}/...` path. */
const LANGUAGE_LIKE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/i;

/** The `{lang}` of `/api/{lang}/...` when the path has one (a language-like first segment), else null. */
export function apiLanguageSegment(path: string): string | null {
  const first = /^\/api\/([^/]+)\//.exec(path)?.[1];
  return first !== undefined && LANGUAGE_LIKE.test(first) ? first : null;
}
