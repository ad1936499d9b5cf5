import { account } from '@buergerfit/locales';
import { type RemoteAppProps, Route, Routes, registerNamespace } from '@buergerfit/platform';
import { Login } from './Login';
import { ProfileSettings } from './ProfileSettings';
import { Welcome } from './Welcome';

registerNamespace('account', account);

/** mf_account: mounted at `/`, owns `/login`, `/welcome` and `/profile-settings` (the shell guards the last two). */
export default function AccountApp(_props: RemoteAppProps) {
  return (
    <Routes>
      <Route path="login" element={<Login />} />
      <Route path="welcome" element={<Welcome />} />
      <Route path="profile-settings" element={<ProfileSettings />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
