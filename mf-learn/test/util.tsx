export { fakeApi, json, renderRemote, serverMarkup, tapNow, testUser } from '@buergerfit/platform/testing';
