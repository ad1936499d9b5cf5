import { withBase } from '@buergerfit/ui';
import own from './admin.module.css';

/** The class names of mf_admin's components: @buergerfit/ui's shared base, with this remote's own rules added. */
export default withBase(own);
