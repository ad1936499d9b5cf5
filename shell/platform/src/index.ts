export type { ApiClient } from './api';
export { api, createApiClient, isApiError } from './api';
export { getBackgroundLocation, isLegalPath, legalLinkState, useIsNarrow } from './background';
export { PAGE_BOOT_ID, pageBoot, resetPageBoot } from './boot';
export { STORAGE_KEYS } from './constants';
export { conversionPing, trackConversion } from './conversions';
export { IslandProviders } from './island';
export {
  currentLanguage,
  initI18n,
  isLanguage,
  prepareLanguage,
  registerLazyNamespace,
  registerNamespace,
  useLanguage,
  useNamespace,
} from './language';
export { PlatformProviders } from './providers';
export { createQueryClient } from './query';
export * from './router';
export type { Session } from './session';
export { useSession } from './session';
export { digitShortcuts, isModalOpen, useShortcuts } from './shortcuts';
export {
  readStorage,
  readStoredFederalState,
  readStoredUser,
  writeStorage,
  writeStoredFederalState,
  writeStoredUser,
} from './storage';
export type { Theme, ThemeChoice } from './theme';
export { applyTheme, THEME_CHOICES, useTheme } from './theme';
export { APP_TIME_ZONE, formatWhen, useTimeZone } from './time';
export { documentTitle, useDocumentTitle } from './title';
export type {
  ContactDialogProps,
  Language,
  NotificationPreferences,
  RemoteAppProps,
  RemoteDescriptor,
  RemoteExpose,
  RemoteModule,
  RemoteName,
  RemoteProps,
  RemoteRegistryResponse,
  User,
} from './types';
