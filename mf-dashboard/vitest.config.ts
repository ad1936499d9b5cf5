import { remoteVitestConfig } from '@buergerfit/platform/vitest';

// The whole dashboard renders in each test (jsdom), and role queries over it take a while on a busy machine.
export default remoteVitestConfig({ testTimeout: 15_000 });
