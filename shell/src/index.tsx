// Base styles in the page's <head> (not the async chunk): a prerendered page paints with them before any script.
import '@buergerfit/ui/tokens.css';
import './global.css';

// Async boundary: the federation runtime negotiates the shared singletons before any app code runs.
import('./bootstrap');
