import { remoteVitestConfig } from '@buergerfit/platform/vitest';

// The contact dialog's tests type whole forms with user-event: slow on a busy machine, so more than 5 s each.
export default remoteVitestConfig({ testTimeout: 15_000 });
