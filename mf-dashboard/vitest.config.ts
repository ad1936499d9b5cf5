import { remoteVitestConfig } from '@buergerfit/platform/vitest';

export default remoteVitestConfig();
