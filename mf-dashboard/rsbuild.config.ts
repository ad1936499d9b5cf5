import { defineRemoteConfig } from '@buergerfit/platform/build';

export default defineRemoteConfig({
  name: 'mf_dashboard',
  port: 3104,
  cssPrefix: 'dash',
  ssr: './src/ssr.tsx',
});
