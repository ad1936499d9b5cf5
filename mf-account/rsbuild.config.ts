import { defineRemoteConfig } from '@buergerfit/platform/build';

export default defineRemoteConfig({
  name: 'mf_account',
  port: 3105,
  cssPrefix: 'acct',
  ssr: './src/ssr.tsx',
});
