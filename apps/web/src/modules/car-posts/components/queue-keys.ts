import { useEffect, useRef } from 'react';

/**
 * The moderation keys (layout-independent: the physical key, so they work on a Persian keyboard
 * too). Ignored while typing in a field, with a modifier, or while a dialog is open.
 */
export const QUEUE_KEYS = {
  next: { code: 'KeyJ', label: 'J' },
  previous: { code: 'KeyK', label: 'K' },
  approve: { code: 'KeyA', label: 'A' },
  reject: { code: 'KeyR', label: 'R' },
  editing: { code: 'KeyE', label: 'E' },
} as const;
export type QueueKey = keyof typeof QUEUE_KEYS;

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.getAttribute('role') === 'combobox';
}

export function useQueueKeys(handlers: Partial<Record<QueueKey, () => void>>) {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const key = (Object.keys(QUEUE_KEYS) as QueueKey[]).find((k) => QUEUE_KEYS[k].code === event.code);
      const handler = key && current.current[key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
