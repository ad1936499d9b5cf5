import { withBase } from '@buergerfit/ui';
import own from './learn.module.css';

/** The class names of mf_learn's components: @buergerfit/ui's shared base, with this remote's own rules added. */
export default withBase(own);
