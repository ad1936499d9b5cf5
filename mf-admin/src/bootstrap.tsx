import { renderStandalone } from '@buergerfit/platform/harness';
import App from './App';

// Standalone: this remote on its own dev server, with the platform provided by the harness.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/admin');
void renderStandalone(App, { basename: '/admin' });
