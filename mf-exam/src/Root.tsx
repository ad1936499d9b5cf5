import type { RemoteAppProps } from '@buergerfit/platform';
import App from './App';

// Set at build time (`PUBLIC_BUERGERFIT_VARIANT=b npm run remotes -- deploy mf_exam --variant b`): which build
// of this remote a visitor got, visible in the DOM for support and for A/B checks.
const BUILD_VARIANT = import.meta.env.PUBLIC_BUERGERFIT_VARIANT || 'default';
const BUILD_ID = import.meta.env.PUBLIC_BUERGERFIT_BUILD_ID || 'local';

/** The exposed `./App`: the remote's routes inside an element that names this build (no box of its own). */
export default function Root(props: RemoteAppProps) {
  return (
    <div
      style={{ display: 'contents' }}
      data-remote="mf_exam"
      data-build-variant={BUILD_VARIANT}
      data-build-id={BUILD_ID}
    >
      <App {...props} />
    </div>
  );
}
