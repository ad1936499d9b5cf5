// Used only by pages the server sent made (bff/src/pages/): the BFF hands the shell's entry scripts to this script
// (data-scripts), which adds them once the page has been painted, so that downloading and compiling them does not
// hold that paint back. They run in document order, as the deferred scripts they replace would, and hydrate the page
// (shell/src/bootstrap.tsx). When they start (data-hydrate, contract/src/page.ts):
// - "paint": just after the first paint;
// - "intent": on the learner's first touch, key, pointer move or focus; the page's preloads wait in a template until
//   then. A tap is that intent: a native control (a link, the FAQ) works meanwhile, and a form the app drives is
//   kept by React until it is hydrated.
(() => {
  const own = document.currentScript;
  const sources = (own?.dataset.scripts ?? '').split(' ').filter(Boolean);
  const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove', 'wheel'];
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const type of INTENT) removeEventListener(type, run, true);
    const later = document.getElementById('bf-later');
    if (later instanceof HTMLTemplateElement) document.head.appendChild(later.content.cloneNode(true));
    for (const src of sources) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    }
  };
  if (own?.dataset.hydrate === 'intent') {
    for (const type of INTENT) addEventListener(type, run, { capture: true, passive: true });
  } else if (document.visibilityState === 'hidden') {
    // A page opened in a background tab gets no frames (and paints nothing): start at once.
    run();
  } else {
    // A frame callback runs just before the paint; a task queued from it runs just after.
    requestAnimationFrame(() => setTimeout(run, 0));
    document.addEventListener('visibilitychange', run, { once: true });
  }
})();
