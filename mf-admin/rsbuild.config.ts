import { defineRemoteConfig } from '@buergerfit/platform/build';

export default defineRemoteConfig({ name: 'mf_admin', port: 3106, cssPrefix: 'admin' });
