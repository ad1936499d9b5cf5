import { remoteVitestConfig } from '@buergerfit/platform/vitest';

export default remoteVitestConfig({ testTimeout: 15_000 });
