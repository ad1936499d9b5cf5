// Used only by prerendered pages (bff/src/remotes/prerender.ts): the BFF hands the shell's entry scripts to this
// script (data-scripts), which adds them just after the browser has painted the server's text, so compiling and
// running them does not hold that paint back. They run in document order, as the deferred scripts they replace would.
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
