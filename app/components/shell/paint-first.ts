// A page of the app is painted from the server's HTML before the browser starts on the app's
// JavaScript. Remix lists every module the page will run as <link rel="modulepreload"> at the end
// of the body, and the browser's preload scanner asks for all of them (~180 KB for the
// marketplace) as soon as it reads them; then Remix's inline module script imports the page's
// route modules and starts the app. On a slow link they share the line with the stylesheet and
// the first card's photo; on a fast one they arrive before the first frame, and compiling them and
// starting to hydrate held the page blank until the app had started (Lighthouse measured the
// marketplace's first paint at 1.3 s with them and 0.2 s without, on the same machine). So the
// server sends the links and the module script under other names (app/server/chunks-per-turn.server.ts)
// and this script, right after them, gives them their names back once the browser reports the
// first paint: the page shows, then the app loads as before.

/** The attribute Remix gives a module preload, exactly as React writes it. */
export const MODULE_PRELOAD = 'rel="modulepreload"';
/** The same link while the page has not been painted: a name the browser ignores. */
export const HELD_MODULE_PRELOAD = 'rel="x-modulepreload"';

/** How Remix opens its inline module script (the page's route modules and the app's start), as React writes it. */
export const MODULE_SCRIPT = 'type="module" async=""';
/** The type Remix's module script has while the page has not been painted: one the browser does not run. */
export const HELD_MODULE_SCRIPT_TYPE = 'type="x-module"';
/** The same script while the page has not been painted. */
export const HELD_MODULE_SCRIPT = `${HELD_MODULE_SCRIPT_TYPE} async=""`;

/** What the server sends under another name until the first paint, and that name. */
export const HELD_UNTIL_PAINT: ReadonlyArray<readonly [sent: string, held: string]> = [
  [MODULE_PRELOAD, HELD_MODULE_PRELOAD],
  [MODULE_SCRIPT, HELD_MODULE_SCRIPT],
];

/** How long to wait for a first paint that may never be reported (a tab in the background). */
export const PRELOAD_FALLBACK_MS = 1_000;

/** How many links are given back per task: each starts a fetch, ~0.6 ms apiece on a fast machine. */
export const PRELOADS_PER_TASK = 8;

/**
 * The inline script that releases what was held once the browser reports the first paint (a
 * paint timing entry is made when the frame reached the screen: a frame merely begun, as
 * requestAnimationFrame tells, can still be held back by the work the preloads start), or after
 * PRELOAD_FALLBACK_MS where no paint is reported (a tab in the background; a browser without
 * paint timing). First Remix's module script: it was never run (a script of a type the browser
 * does not know is left as if unseen, and is no longer the parser's), so given the module type and
 * put back where it was, it runs, with its nonce, and the element stays the one React will
 * hydrate. Then the preloads, a few per task, in the order Remix lists them (the entry and React
 * first), so that starting ~60 fetches is not one long task on a slow phone. It must not say what
 * the server holds itself: the server would hold its own words.
 */
export const RELEASE_AFTER_PAINT_SCRIPT = `(function(){var started=0;function go(){if(started)return;started=1;var s=document.querySelector('script[${HELD_MODULE_SCRIPT_TYPE}]');if(s){var p=s.parentNode,n=s.nextSibling;s.type="module";p.removeChild(s);p.insertBefore(s,n)}var l=document.querySelectorAll('link[${HELD_MODULE_PRELOAD}]'),i=0;(function next(){for(var end=Math.min(i+${PRELOADS_PER_TASK},l.length);i<end;i++)l[i].setAttribute("rel","modulepreload");if(i<l.length)setTimeout(next,0)})()}try{new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(go,0)}).observe({type:"paint",buffered:true})}catch(e){}setTimeout(go,${PRELOAD_FALLBACK_MS})})();`;
