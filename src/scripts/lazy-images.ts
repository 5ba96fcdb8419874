/**
 * Marks LazyImage wrappers loaded or failed: the spinner stops, or the alt
 * text shows in place of a broken image. One capture listener for the page
 * (load and error do not bubble), plus a pass over images that finished
 * before this script ran.
 */
function mark(img: HTMLImageElement, state: 'loaded' | 'error'): void {
  const wrapper = img.closest<HTMLElement>('.lazy-image');
  if (wrapper) wrapper.dataset.state = state;
}

function onImageEvent(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLImageElement && target.classList.contains('lazy-image-img')) {
    mark(target, event.type === 'load' ? 'loaded' : 'error');
  }
}

document.addEventListener('load', onImageEvent, true);
document.addEventListener('error', onImageEvent, true);
for (const img of document.querySelectorAll<HTMLImageElement>('img.lazy-image-img')) {
  if (img.complete) mark(img, img.naturalWidth > 0 ? 'loaded' : 'error');
}
