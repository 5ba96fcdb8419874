/**
 * A slim progress bar while the next page loads (pages arrive as HTML, so
 * SPEC's full-screen spinner of a single-page app becomes this). It starts on
 * a same-origin link click or form submit that leaves the page, and clears
 * when the page is shown again from the back-forward cache or the navigation
 * did not happen (a download, a cancelled submit).
 */
const bar = document.querySelector<HTMLElement>('[data-nav-progress]');
const GIVE_UP_MS = 15_000;
let giveUp: number | undefined;

function start(): void {
  if (!bar) return;
  bar.dataset.active = 'true';
  window.clearTimeout(giveUp);
  giveUp = window.setTimeout(stop, GIVE_UP_MS);
}

function stop(): void {
  if (bar) bar.dataset.active = 'false';
  window.clearTimeout(giveUp);
}

function leavesPage(url: URL): boolean {
  if (url.origin !== location.origin) return false;
  // Same document, another hash: the browser scrolls, nothing loads.
  return !(url.pathname === location.pathname && url.search === location.search && url.hash !== '');
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
  if (leavesPage(new URL(link.href))) start();
});

document.addEventListener('submit', (event) => {
  // Listeners that cancel the submit (islands) run first in the bubble phase; check afterwards.
  queueMicrotask(() => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    if (leavesPage(new URL(form.action || location.href))) start();
  });
});

window.addEventListener('pageshow', stop);
