/**
 * Starts the page's scripts once its first contentful paint is on screen
 * (decision 039): the server left each as a placeholder
 * (src/lib/page-scripts.ts), so none of them competes with the largest image
 * and the font for a slow connection before the page shows. The paint entry
 * arrives when the frame is presented, which can be tens of milliseconds after
 * the main thread drew it. They run in page order (`async = false`); once all
 * have run, changes made meanwhile in a form marked REPLAY_CHANGES_ATTRIBUTE
 * are sent again and `<html data-page-scripts="ready">`. A page in a
 * background tab paints nothing, so it starts them at once; a browser without
 * paint timing starts them after the first frame, and any page after
 * FALLBACK_MS at the latest. Imports nothing that another page script imports,
 * so Astro inlines it (no request of its own).
 */
import { PAGE_SCRIPT_TYPE, REPLAY_CHANGES_ATTRIBUTE } from '../lib/page-scripts.ts';

const FALLBACK_MS = 3000;
const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';
const earlyChanges: Element[] = [];
let started = false;

function recordChange(event: Event): void {
  const target = event.target;
  if (target instanceof Element && target.closest(`[${REPLAY_CHANGES_ATTRIBUTE}]`) && !earlyChanges.includes(target)) {
    earlyChanges.push(target);
  }
}

function whenAllRan(): void {
  document.removeEventListener('change', recordChange, true);
  for (const target of earlyChanges) if (target.isConnected) target.dispatchEvent(new Event('change', { bubbles: true }));
  document.documentElement.dataset.pageScripts = 'ready';
}

function startPageScripts(): void {
  if (started) return;
  started = true;
  const placeholders = [...document.querySelectorAll<HTMLScriptElement>(`script[type="${PAGE_SCRIPT_TYPE}"]`)];
  let waiting = placeholders.length;
  const settled = () => {
    waiting -= 1;
    if (waiting === 0) whenAllRan();
  };
  for (const placeholder of placeholders) {
    const script = document.createElement('script');
    script.type = 'module';
    script.async = false;
    // A module script's load event comes once it has run; a failed one must not hold the others back.
    script.addEventListener('load', settled, { once: true });
    script.addEventListener('error', settled, { once: true });
    script.src = placeholder.dataset.src ?? '';
    placeholder.replaceWith(script);
  }
  if (placeholders.length === 0) whenAllRan();
}

function whenPainted(): void {
  if (document.visibilityState === 'hidden' || performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
    startPageScripts();
  } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(FIRST_CONTENTFUL_PAINT).length === 0) return;
      observer.disconnect();
      startPageScripts();
    });
    // Buffered: a paint reported before this line still counts (a test's fake clock also hides it from getEntriesByName).
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(startPageScripts, 0));
  }
  setTimeout(startPageScripts, FALLBACK_MS);
}

document.addEventListener('change', recordChange, true);
whenPainted();
