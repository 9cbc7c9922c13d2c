import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

// The sidebar's tooltips (decision 148), one for the whole panel: an element with `data-tip` shows
// it beside itself, on the inline-end side (the left, in right-to-left), 250 ms after the pointer
// or the keyboard's focus reaches it; one with `data-tip-when-cut` only while its text is cut. Plain:
// no tooltip machine per item (there were ~45 of Chakra's). The tip is only seen: what it says is
// the element's own name (its text or aria-label).

const OPEN_DELAY_MS = 250;
const GAP_PX = 8;

interface Tip {
  text: string;
  top: number;
  right: number;
}

function tipOf(target: EventTarget | null): Tip | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-tip]') : null;
  if (!element || element.getAttribute('aria-expanded') === 'true') return null;
  if (element.hasAttribute('data-tip-when-cut') && element.scrollWidth <= element.clientWidth) return null;
  const rect = element.getBoundingClientRect();
  return { text: element.dataset.tip ?? '', top: rect.top + rect.height / 2, right: window.innerWidth - rect.left + GAP_PX };
}

export function SidebarTips() {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (event: Event) => {
      clearTimeout(timer);
      const next = tipOf(event.target);
      setTip(null);
      if (next) timer = setTimeout(() => setTip(next), OPEN_DELAY_MS);
    };
    const hide = () => {
      clearTimeout(timer);
      setTip(null);
    };
    document.addEventListener('pointerover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('pointerdown', hide);
    document.addEventListener('scroll', hide, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('pointerdown', hide);
      document.removeEventListener('scroll', hide, true);
    };
  }, []);
  if (!tip) return null;
  return createPortal(
    <div role="tooltip" className="sb-tip" style={{ top: tip.top, right: tip.right }}>
      {tip.text}
    </div>,
    document.body,
  );
}
