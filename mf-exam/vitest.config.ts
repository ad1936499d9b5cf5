import { remoteVitestConfig } from '@buergerfit/platform/vitest';

// Whole exams typed key by key in jsdom: 5 s is too tight when the machine is busy.
export default remoteVitestConfig({ testTimeout: 15_000 });
