export {
  type ApiRoutes,
  fakeApi,
  json,
  renderRemote,
  signedIn,
  testUser,
} from '@buergerfit/platform/testing';
