import { remoteRoot } from '@buergerfit/platform/remote-root';
import App from './App';
import styles from './styles';

/** The exposed `./App`: this build's routes, named by remote, variant and build id (set at build time). */
export default remoteRoot('mf_admin', App, import.meta.env, styles.remoteRoot);
