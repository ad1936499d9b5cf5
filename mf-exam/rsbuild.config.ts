import { defineRemoteConfig } from '@buergerfit/platform/build';

export default defineRemoteConfig({ name: 'mf_exam', port: 3102, cssPrefix: 'exam', ssr: './src/ssr.tsx' });
