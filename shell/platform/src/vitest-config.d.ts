import type { ViteUserConfig } from 'vitest/config';

export interface RemoteVitestOptions {
  /** The remote's own setup files besides the harness (e.g. a fake IndexedDB). */
  setupFiles?: string[];
  /** Per-test timeout in ms (vitest's default: 5 s). */
  testTimeout?: number;
}

/** The vitest config of a remote (see vitest-config.js). */
export function remoteVitestConfig(options?: RemoteVitestOptions): ViteUserConfig;
