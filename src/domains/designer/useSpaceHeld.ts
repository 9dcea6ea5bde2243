import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Whether Space is held (not while typing somewhere): drags on the canvas then pan. The state
 * draws the grab cursor; the ref serves event handlers. Space on `target` itself does not scroll.
 */
export function useSpaceHeld(target: RefObject<HTMLElement | null>): { spaceHeld: boolean; spaceRef: RefObject<boolean> } {
  const [spaceHeld, setSpaceHeld] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || typing(event.target)) return;
      if (event.type === 'keydown' && event.target === target.current) event.preventDefault();
      setSpaceHeld(event.type === 'keydown');
    };
    const onBlur = () => setSpaceHeld(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
    };
  }, [target]);
  const spaceRef = useRef(spaceHeld);
  useLayoutEffect(() => {
    spaceRef.current = spaceHeld;
  }, [spaceHeld]);
  return { spaceHeld, spaceRef };
}
