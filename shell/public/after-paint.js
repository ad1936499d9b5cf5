// Used only by pages the server sent made (bff/src/pages/): the BFF hands the shell's entry scripts to this script
// (data-scripts), which adds them just after the browser has painted the server's markup, so that downloading and
// compiling them does not hold that paint back. They run in document order, as the deferred scripts they replace
// would, and hydrate the page (shell/src/bootstrap.tsx).
(() => {
  const sources = (document.currentScript?.dataset.scripts ?? '').split(' ').filter(Boolean);
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const src of sources) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    }
  };
  if (document.visibilityState === 'hidden') {
    // A page opened in a background tab gets no frames (and paints nothing): start at once.
    run();
  } else {
    // A frame callback runs just before the paint; a task queued from it runs just after.
    requestAnimationFrame(() => setTimeout(run, 0));
    document.addEventListener('visibilitychange', run, { once: true });
  }
})();
