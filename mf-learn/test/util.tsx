export { fakeApi, json, renderRemote, testUser } from '@buergerfit/platform/testing';
