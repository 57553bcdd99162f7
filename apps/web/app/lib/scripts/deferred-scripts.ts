// The page's JavaScript starts loading once the browser has painted the server's HTML (decision 0044). Every page is
// whole without JavaScript (links, GET and POST forms), so on a slow phone the first paint and the pictures above the
// fold get the connection first, and the scripts that hydrate the page follow. React Router's <Scripts> has no option
// for it: entry.server renames its output on the way out (defer-scripts-until-painted.server.ts) and one small inline
// script of ours (scripts-after-first-paint.tsx) renames it back after the first paint.

/** React Router's module preloads go out under this rel, which browsers ignore, until the first paint. */
export const DEFERRED_PRELOAD_REL = "deferred-modulepreload";
/** React Router's inline module script (its route modules, then the client entry) waits under this type. */
export const DEFERRED_MODULE_TYPE = "deferred-module";
/** Waits this long for a paint that may never be reported (a browser without paint timing, a hidden tab). */
export const PAINT_WAIT_MS = 3000;

/**
 * After the first paint (or PAINT_WAIT_MS): the deferred preloads become module preloads again, and the deferred
 * module script runs as a new module script with the same text, so the page's Content-Security-Policy allows it by
 * the same nonce or hash as the server's markup. Without paint timing, the frame after the first animation frame.
 */
export const LOAD_AFTER_FIRST_PAINT = `(function(){var started=false;function load(){if(started)return;started=true;document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});var waiting=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!waiting)return;var script=document.createElement("script");script.type="module";script.nonce=waiting.nonce;script.textContent=waiting.textContent;document.body.appendChild(script)}function soon(){setTimeout(load,0)}var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf("paint")>=0){var observer=new PerformanceObserver(function(list){if(list.getEntries().length>0){observer.disconnect();soon()}});observer.observe({type:"paint",buffered:true})}else{requestAnimationFrame(soon)}setTimeout(load,${PAINT_WAIT_MS})})();`;
