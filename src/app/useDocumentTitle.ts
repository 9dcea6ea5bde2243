import { useEffect } from 'react';

const BRAND = 'Bingkai';

/** Keeps <title> in step with the page's <h1> (pages set their h1 anyway, and some fill it after loading). */
export function useDocumentTitle(): void {
  useEffect(() => {
    const fallback = document.title;
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = document.querySelector('h1')?.textContent?.trim();
      const next = heading ? `${heading} · ${BRAND}` : fallback;
      if (document.title !== next) document.title = next;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
