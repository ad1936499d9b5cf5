import { withBase } from '@buergerfit/ui';
import own from './account.module.css';

/** The class names of mf_account's components: @buergerfit/ui's shared base, with this remote's own rules added. */
export default withBase(own);
