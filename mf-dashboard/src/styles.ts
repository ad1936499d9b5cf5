import { withBase } from '@buergerfit/ui';
import own from './dashboard.module.css';

/** The class names of mf_dashboard's components: @buergerfit/ui's shared base, with this remote's own rules added. */
export default withBase(own);
