export type { ApiClient, ApiClientOptions, HttpMethod, RequestOptions } from './api';
export { ApiError, api, createApiClient, defaultSessionExpired, isApiError } from './api';
export type { BackgroundState } from './background';
export {
  getBackgroundLocation,
  isLegalPath,
  LEGAL_PATHS,
  legalLinkState,
  useIsNarrow,
  useMediaQuery,
} from './background';
export {
  CONTACT_MESSAGE_MAX,
  CONTACT_SUCCESS_MS,
  DIALOG_FOCUS_DELAY_MS,
  EXAM_PASS_MARK,
  EXAM_QUESTIONS,
  FALLBACK_LANGUAGE,
  LOGOUT_EVENT,
  NARROW_BREAKPOINT,
  PRELOAD_ERROR_EVENT,
  QUERY_RETRIES,
  QUERY_STALE_TIME_MS,
  STATE_QUESTIONS_PER_TEST,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
} from './constants';
export { trackConversion } from './conversions';
export type { BundleLoader } from './language';
export {
  changeLanguage,
  currentLanguage,
  detectLanguage,
  initI18n,
  isLanguage,
  LANGUAGE_COOKIE,
  loadNamespace,
  prepareLanguage,
  registerLazyNamespace,
  registerNamespace,
  useLanguage,
  useNamespace,
} from './language';
export type { PlatformProvidersProps } from './providers';
export { PlatformProviders } from './providers';
export { createQueryClient, shouldRetry } from './query';
export * from './router';
export type { Session, SessionProviderProps, SessionStatus } from './session';
export { SessionProvider, useSession } from './session';
export {
  clearStoredUser,
  readStorage,
  readStoredFederalState,
  readStoredUser,
  writeStorage,
  writeStoredFederalState,
  writeStoredUser,
} from './storage';
export { documentTitle, TITLE_SUFFIX, useDocumentTitle } from './title';
export type {
  ApiErrorBody,
  ContactDialogProps,
  Language,
  NotificationPreferences,
  RemoteAppProps,
  RemoteDescriptor,
  RemoteName,
  RemoteRegistryResponse,
  User,
} from './types';
