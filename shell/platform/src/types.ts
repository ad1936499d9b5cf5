/** The typed shell ↔ remote contract. A change here is a versioned change of @buergerfit/platform. */
import type {
  RemoteName as ContractRemoteName,
  ErrorBody,
  NotificationPreferences,
  RemoteDescriptor,
  RemoteRegistry,
  User,
} from '@buergerfit/contract';
import type { LocaleLanguage } from '@buergerfit/locales';
import type { ComponentType } from 'react';

/** A language of the app: one of `LANGUAGES` of @buergerfit/locales. */
export type Language = LocaleLanguage;

/** The signed-in user and their notification choices: the BFF's answer of `GET /api/user/me`, as the contract says. */
export type { NotificationPreferences, User };

/** Props of every remote's `./App` entry. The remote renders its own `<Routes>` below `basename`. */
export interface RemoteAppProps {
  /** Path the shell mounts the remote on, e.g. `/learn`; `/` for remotes owning several top-level paths. */
  basename: string;
}

/** Props of mf_marketing's `./ContactDialog` entry. */
export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What each remote exposes (its federation `exposes`) and the props each entry takes: the shell renders an entry
 * only with its own props, and a remote's entry is typed against the same props.
 */
export interface RemoteEntries {
  mf_marketing: { './App': RemoteAppProps; './ContactDialog': ContactDialogProps };
  mf_exam: { './App': RemoteAppProps };
  mf_learn: { './App': RemoteAppProps };
  mf_dashboard: { './App': RemoteAppProps };
  mf_account: { './App': RemoteAppProps };
  mf_admin: { './App': RemoteAppProps };
}

/** Federation names of the remotes. */
export type RemoteName = keyof RemoteEntries;

/** An entry `name` exposes (for a union of names: the entries all of them have, i.e. `./App`). */
export type RemoteExpose<N extends RemoteName> = keyof RemoteEntries[N] & string;

/** The props of `<name>/<expose>` (always an object: said here so that generic code can spread them in JSX). */
export type RemoteProps<N extends RemoteName, E extends RemoteExpose<N>> = RemoteEntries[N][E] & object;

/** A loaded entry: its default export renders it. */
export interface RemoteModule<N extends RemoteName, E extends RemoteExpose<N>> {
  default: ComponentType<RemoteProps<N, E>>;
}

/** One entry of `GET /api/remotes`, and the whole answer. */
export type { RemoteDescriptor };
export type RemoteRegistryResponse = RemoteRegistry;

/** The BFF's error body. */
export type ApiErrorBody = ErrorBody;

/** The shell's entries name exactly the remotes the contract's registry knows: a remote added on one side only fails typecheck. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const remoteNamesAgree: Same<RemoteName, ContractRemoteName> = true;
void remoteNamesAgree;
