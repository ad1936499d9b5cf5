// Used only by prerendered pages (bff/src/remotes/prerender.ts): the BFF hands the shell's entry scripts to this
// script (data-scripts), which adds them just after the browser has painted the server's text, so compiling and
// running them does not hold that paint back. They run in document order, as the deferred scripts they replace would.
//
// Until the app has taken over, it also holds what the learner does to the server's markup (`#bf-prerender`): a form
// there is never submitted by the browser, a tap on a button-like element and a value chosen in a field are kept in
// `window.__bfHeld` (by the element's place below the remote's root, with its tag and text; taps in order), and the
// shell does them again on the live remote (shell/src/remotes/prerendered.ts). Links stay plain links.
//
// A static page sent in the shell's frame (its header and footer rendered on the server too: data-start="interaction")
// is complete without the shell: its scripts are added only when the learner first touches, clicks, focuses or types
// on something that is not a link, and what they did to the frame (a button, a field, the focus) is done again by the
// shell once it has rendered. Until then this script registers the service worker, records the A/B exposure of the
// variant on screen, and records the conversion of a link marked data-conversion, as the shell would.
(() => {
  const script = document.currentScript;
  const markup = document.getElementById('bf-prerender');
  const remoteRoot = markup?.querySelector('[data-remote]');
  const appRoot = document.getElementById('root');
  // A page that waits for the app to show what it is about (a remote marks such a view data-bf-pending: an exam
  // resumed from this device's storage) starts the app at once, even where it could wait for the learner.
  const waitForUse = script?.dataset.start === 'interaction' && !markup?.querySelector('[data-bf-pending]');
  const BUTTONS =
    'button, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], input[type="submit"]';
  const rememberBelow = (root, el) => {
    const path = [];
    for (let node = el; node !== root; node = node.parentElement) {
      if (!node?.parentElement) return null;
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return { path, tag: el.tagName, text: (el.textContent ?? '').trim() };
  };
  // A link that does more in the app than load its page (a legal page opens as a dialog over this one on a phone):
  // a plain click on it waits for the app, like a button's.
  const appLink = (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    return event.target instanceof Element ? event.target.closest('a[href][data-app-link]') : null;
  };
  // The server's frame, while it is on screen (once the shell has rendered, its own header and footer are there).
  const inFrame = (target) =>
    !!appRoot &&
    !!markup?.isConnected &&
    markup.parentElement !== appRoot &&
    target instanceof Element &&
    appRoot.contains(target);
  if (markup && remoteRoot) {
    const held = {
      remote: remoteRoot.getAttribute('data-remote'),
      focus: null,
      clicks: [],
      values: {},
      woken: false,
      // What was done to the frame (header, footer), by place below #root.
      frame: { clicks: [], values: {}, focus: null },
    };
    window.__bfHeld = held;
    const remember = (el) => rememberBelow(remoteRoot, el);
    const inMarkup = (target) => target instanceof Element && remoteRoot.contains(target);
    const post = (url, body) =>
      fetch(url, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    // A link of the markup that counts as the remote's A/B goal: the live component would record it on click.
    document.addEventListener(
      'click',
      (event) => {
        const link = inMarkup(event.target) ? event.target.closest('a[href][data-conversion]') : null;
        if (link && remoteRoot.contains(link) && event.button === 0 && !window.__bfConverted) {
          window.__bfConverted = true;
          post('/api/remotes/conversions', { remote: held.remote, event: link.dataset.conversion });
        }
      },
      true,
    );
    // The server's theme toggles say whether the page is dark (the learner's choice, else the system's) until the
    // shell's own replace them.
    const darkQuery = window.matchMedia?.('(prefers-color-scheme: dark)');
    const syncToggles = () => {
      if (!markup.isConnected) return;
      const chosen = document.documentElement.dataset.theme;
      const dark = chosen ? chosen === 'dark' : !!darkQuery?.matches;
      for (const toggle of appRoot?.querySelectorAll('[data-theme-toggle]') ?? [])
        toggle.setAttribute('aria-pressed', String(dark));
    };
    syncToggles();
    darkQuery?.addEventListener?.('change', syncToggles);
    if (waitForUse) {
      // The shell is not running yet: the exposure of the variant on screen is recorded now (the shell skips it).
      try {
        const boot = JSON.parse(document.getElementById('bf-boot')?.textContent ?? 'null');
        const entry = boot?.remotes?.find((r) => r.name === held.remote);
        if (entry) {
          window.__bfExposed = [entry.name];
          post('/api/remotes/exposures', { remote: entry.name, variant: entry.variant });
        }
      } catch {
        // No boot data: the shell records the exposure when it runs.
      }
    }
    document.addEventListener(
      'click',
      (event) => {
        if (!inFrame(event.target) || inMarkup(event.target)) return;
        if (event.target.closest('a[href]') && !appLink(event)) return;
        const el = appLink(event) ?? event.target.closest(BUTTONS);
        if (!el || !appRoot.contains(el)) return;
        event.preventDefault();
        const target = rememberBelow(appRoot, el);
        if (target && held.frame.clicks.length < 10) held.frame.clicks.push(target);
      },
      true,
    );
    const onFrameField = (event) => {
      const el = event.target;
      if (!inFrame(el) || inMarkup(el) || !el.matches('input, select, textarea')) return;
      const target = rememberBelow(appRoot, el);
      if (target)
        held.frame.values[target.path.join('/')] = { target, value: el.value, checked: !!el.checked };
    };
    document.addEventListener('change', onFrameField, true);
    document.addEventListener('input', onFrameField, true);
    document.addEventListener(
      'focusin',
      (event) => {
        if (inFrame(event.target) && !inMarkup(event.target))
          held.frame.focus = rememberBelow(appRoot, event.target);
      },
      true,
    );
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
        if (!inMarkup(event.target) || (event.target.closest('a[href]') && !appLink(event))) return;
        const el = appLink(event) ?? event.target.closest(BUTTONS);
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
      if (!inMarkup(event.target)) return;
      const link = event.target.closest('a[href]');
      if (!link || link.hasAttribute('data-app-link')) held.woken = true;
      // The element the keyboard is in: the same one of the live remote gets the focus.
      if (event.type === 'focusin') held.focus = remember(event.target);
    };
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) {
      document.addEventListener(type, onTouch, { capture: true, passive: true });
    }
  }

  const sources = (script?.dataset.scripts ?? '').split(' ').filter(Boolean);
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    for (const type of STARTING_EVENTS) document.removeEventListener(type, onFirstUse, true);
    for (const src of sources) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    }
  };
  const STARTING_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'change'];
  // Anything but a link (a link works as it is: it loads the next page, which is sent the same way).
  const onFirstUse = (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || link.hasAttribute('data-app-link')) run();
  };
  if (waitForUse) {
    for (const type of STARTING_EVENTS)
      document.addEventListener(type, onFirstUse, { capture: true, passive: true });
    // The service worker keeps learn mode working offline; registered as the shell would, once the page is loaded.
    const register = () => navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  } else if (document.visibilityState === 'hidden') {
    // A page opened in a background tab gets no frames (and paints nothing): start at once.
    run();
  } else {
    // A frame callback runs just before the paint; a task queued from it runs just after.
    requestAnimationFrame(() => setTimeout(run, 0));
    document.addEventListener('visibilitychange', run, { once: true });
  }
})();
