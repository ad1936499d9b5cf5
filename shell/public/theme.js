// Put inline into the <head> of a page the BFF sends with its content (bff/src/remotes/prerender.ts): the theme the
// learner chose on this device (platform's theme.ts, key buergerfit.theme) is on the page before its first paint,
// even when the shell's scripts start later or never. With no choice, the page follows the system by CSS alone.
try {
  const choice = localStorage.getItem('buergerfit.theme');
  if (choice === 'light' || choice === 'dark') document.documentElement.dataset.theme = choice;
} catch {
  // Storage unavailable: the system's theme.
}
