import { renderStandalone } from '@buergerfit/platform/harness';
import App from './App';

// Standalone: this remote on its own dev server, with the platform provided by the harness.
void renderStandalone(App, { basename: '/' });
