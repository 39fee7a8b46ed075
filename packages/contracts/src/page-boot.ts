/**
 * The one inline script of the web app's pages, run in `<head>` before anything paints. It
 * applies the remembered colour scheme (as Mantine's ColorSchemeScript would), and on a
 * prerendered page it checks that the HTML is the page this browser's app will render: the
 * language the app will pick, no signed-in user, the sidebar open. When it is not, it marks
 * the page stale, which hides the prerendered content until the app has rendered its own, so
 * nobody sees a visitor's page or the wrong language flash by.
 *
 * The storage keys are the web app's (`lumen_color_scheme`, `lumen_language`, `lumen_store`,
 * `refresh_token`). The server allows exactly these bytes through its CSP hash.
 *
 * Until the app has hydrated a prerendered page, a press of one of its buttons is held and
 * pressed again by the app once it has (\`replayHeldClick\` in the web app).
 *
 * A prerendered page names its app script in `<meta name="lumen-app">` and its chunks in
 * `<link rel="lumen-modulepreload">`; this script starts them once the page has painted, so
 * the browser shows the HTML before it spends any time on the app's code.
 */
export const PAGE_BOOT_SCRIPT = `(function () {
  var d = document.documentElement;
  var ls = function (key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  };
  var scheme = ls('lumen_color_scheme');
  if (scheme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  d.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
  if (!d.hasAttribute('data-prerendered')) return;
  var ours = ['en', 'zh', 'ja', 'es'];
  var primary = function (tag) { return String(tag || '').toLowerCase().split(/[-_]/)[0]; };
  var lang = primary(ls('lumen_language'));
  if (ours.indexOf(lang) < 0) {
    lang = 'en';
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length; i += 1) {
      if (ours.indexOf(primary(tags[i])) >= 0) { lang = primary(tags[i]); break; }
    }
  }
  var state = {};
  try { state = (JSON.parse(ls('lumen_store') || '{}') || {}).state || {}; } catch (e) { state = {}; }
  var signedIn = Boolean(state.user) || Boolean(ls('refresh_token'));
  var collapsed = Boolean(state.sidebar) && state.sidebar.opened === false;
  if (lang !== d.lang || signedIn || collapsed) d.setAttribute('data-prerendered', 'stale');
  // A button pressed before the app has taken the page over would do nothing: the press is
  // kept (the last one) and the app presses it again once it has hydrated.
  document.addEventListener('click', function (event) {
    if (d.getAttribute('data-prerendered') !== 'fresh') return;
    var target = event.target;
    var button = target && target.closest ? target.closest('#root button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    window.__lumenPendingClick = button;
  }, true);
  var start = function () {
    var links = document.querySelectorAll('link[rel="lumen-modulepreload"]');
    for (var j = 0; j < links.length; j += 1) {
      var preload = document.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = links[j].getAttribute('href');
      document.head.appendChild(preload);
    }
    var app = document.querySelector('meta[name="lumen-app"]');
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.getAttribute('content');
    document.head.appendChild(script);
  };
  var started = false;
  var startOnce = function () {
    if (started) return;
    started = true;
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  };
  // The page's first paint comes before the app's code; a page that is hidden, stale or in a
  // browser without paint timing starts it once parsed, or after a second at the latest.
  window.setTimeout(startOnce, 1000);
  if (d.getAttribute('data-prerendered') === 'stale' || typeof PerformanceObserver !== 'function') {
    startOnce();
    return;
  }
  try {
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntries();
      for (var k = 0; k < entries.length; k += 1) {
        if (entries[k].name === 'first-contentful-paint') {
          observer.disconnect();
          window.setTimeout(startOnce, 0);
        }
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    startOnce();
  }
})();`;
