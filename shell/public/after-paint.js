// Used only by prerendered pages (bff/src/remotes/prerender.ts): the BFF hands the shell's entry scripts to this
// script (data-scripts), which adds them just after the browser has painted the server's text, so compiling and
// running them does not hold that paint back. They run in document order, as the deferred scripts they replace would.
//
// Until the app has taken over, it also holds what the learner does to the server's markup (`#bf-prerender`): a form
// there is never submitted by the browser, a tap on a button-like element and a value chosen in a field are kept in
// `window.__bfHeld` (by the element's place below the remote's root, with its tag and text; taps in order), and the
// shell does them again on the live remote (shell/src/remotes/prerendered.ts). Links stay plain links.
(() => {
  const markup = document.getElementById('bf-prerender');
  const remoteRoot = markup?.querySelector('[data-remote]');
  if (markup && remoteRoot) {
    const held = { remote: remoteRoot.getAttribute('data-remote'), clicks: [], values: {}, woken: false };
    window.__bfHeld = held;
    const remember = (el) => {
      const path = [];
      for (let node = el; node !== remoteRoot; node = node.parentElement) {
        if (!node?.parentElement) return null;
        path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
      }
      return { path, tag: el.tagName, text: (el.textContent ?? '').trim() };
    };
    const inMarkup = (target) => target instanceof Element && remoteRoot.contains(target);
    document.addEventListener(
      'submit',
      (event) => {
        if (inMarkup(event.target)) event.preventDefault();
      },
      true,
    );
    document.addEventListener(
      'click',
      (event) => {
        if (!inMarkup(event.target) || event.target.closest('a[href]')) return;
        const el = event.target.closest(
          'button, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], input[type="submit"]',
        );
        if (!el || !remoteRoot.contains(el)) return;
        event.preventDefault();
        const target = remember(el);
        if (target && held.clicks.length < 10) held.clicks.push(target);
      },
      true,
    );
    const onField = (event) => {
      const el = event.target;
      if (!inMarkup(el) || !el.matches('input, select, textarea')) return;
      const target = remember(el);
      if (target) held.values[target.path.join('/')] = { target, value: el.value, checked: !!el.checked };
    };
    document.addEventListener('change', onField, true);
    document.addEventListener('input', onField, true);
    // The learner started to use the markup (not a link: links work without the app): a page whose remote starts
    // only then (data-wake="interaction") starts it as soon as the shell runs.
    const onTouch = (event) => {
      if (inMarkup(event.target) && !event.target.closest('a[href]')) held.woken = true;
    };
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
      document.addEventListener(type, onTouch, { capture: true, passive: true });
    }
  }

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
