// Async boundary so the federation runtime can negotiate shared singletons first.
import('./bootstrap');
