import type { RemoteAppProps } from '@buergerfit/platform';
import App from './App';
import styles from './marketing.module.css';

// Set at build time (`PUBLIC_BUERGERFIT_VARIANT=b npm run remotes -- deploy mf_marketing --variant b`): which build
// of this remote a visitor got, visible in the DOM for support and for A/B checks.
const BUILD_VARIANT = import.meta.env.PUBLIC_BUERGERFIT_VARIANT || 'default';
const BUILD_ID = import.meta.env.PUBLIC_BUERGERFIT_BUILD_ID || 'local';

/** The exposed `./App`: the remote's routes inside an element that names this build (no box of its own: `display: contents`, from
 * the CSS file rather than a style attribute, which the prerendered HTML could not carry under the CSP). */
export default function Root(props: RemoteAppProps) {
  return (
    <div
      className={styles.build}
      data-remote="mf_marketing"
      data-build-variant={BUILD_VARIANT}
      data-build-id={BUILD_ID}
    >
      <App {...props} />
    </div>
  );
}
