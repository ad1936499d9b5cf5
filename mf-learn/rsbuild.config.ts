import { defineRemoteConfig } from '@buergerfit/platform/build';

export default defineRemoteConfig({ name: 'mf_learn', port: 3103, cssPrefix: 'learn', ssr: './src/ssr.tsx' });
