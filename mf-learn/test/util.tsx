export { fakeApi, json, renderRemote, serverMarkup, testUser } from '@buergerfit/platform/testing';
