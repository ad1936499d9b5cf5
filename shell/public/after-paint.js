// Used only by pages the server sent made (bff/src/pages/): the BFF hands the shell's entry scripts to this script
// (data-scripts), which adds them once the page has been painted, so that downloading and compiling them does not
// hold that paint back. They run in document order, as the deferred scripts they replace would, and hydrate the page
// (shell/src/bootstrap.tsx). When they start (data-hydrate, contract/src/page.ts):
// - "paint": just after the first paint;
// - "intent": on the learner's first touch, key, pointer move or focus; the page's preloads wait in a template until
//   then. A tap is that intent: a native control (a link, the FAQ) works meanwhile, and a form the app drives is
//   kept by React until it is hydrated.
//   An "intent" page with data-fetch="paint" (a control the app drives, the demo's Start) fetches the files just
//   after the first paint all the same, and only runs them on the intent.
(() => {
  const own = document.currentScript;
  const sources = (own?.dataset.scripts ?? '').split(' ').filter(Boolean);
  const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove', 'wheel'];
  let fetched = false;
  const fetchFiles = (withScripts) => {
    if (fetched) return;
    fetched = true;
    const later = document.getElementById('bf-later');
    if (later instanceof HTMLTemplateElement) document.head.appendChild(later.content.cloneNode(true));
    if (!withScripts) return;
    for (const src of sources) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = src;
      document.head.appendChild(link);
    }
  };
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    fetchFiles(false);
    for (const src of sources) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    }
  };
  // A frame callback runs just before the paint; a task queued from it runs just after.
  const afterNextPaint = (then) => requestAnimationFrame(() => setTimeout(then, 0));
  if (own?.dataset.hydrate === 'intent') {
    // After the paint that follows the intent: a tap's own effect (an FAQ answer opening) is painted first.
    const onIntent = () => {
      for (const type of INTENT) removeEventListener(type, onIntent, true);
      afterNextPaint(run);
    };
    for (const type of INTENT) addEventListener(type, onIntent, { capture: true, passive: true });
    if (own.dataset.fetch === 'paint') afterNextPaint(() => fetchFiles(true));
    // A tap that came while the page was still arriving, before this script ran, is no intent seen here; but if it
    // submitted a form the app drives, React's replay script (which comes earlier in the page) holds it: start.
    if (document.$$reactFormReplay?.length) onIntent();
  } else if (document.visibilityState === 'hidden') {
    // A page opened in a background tab gets no frames (and paints nothing): start at once.
    run();
  } else {
    afterNextPaint(run);
    document.addEventListener('visibilitychange', run, { once: true });
  }
})();
