import { useEffect, type RefObject } from 'react';

/** Controls that move with the arrow keys themselves, or take typing. */
const KEY_OWNERS = [
  'input',
  'textarea',
  'select',
  'video',
  'audio',
  '[contenteditable="true"]',
  '[role="slider"]',
  '[role="listbox"]',
  '[role="menu"]',
  '[role="tablist"]',
  '[role="radiogroup"]',
].join(', ');

const dialogOf = (el: Element | null | undefined) => el?.closest('[role="dialog"]') ?? null;

/**
 * The dialog a key press happens in: the one holding the focus, or, when the focus fell back
 * to the page (its button went away), the one on top.
 */
function activeDialog(target: Element | null): Element | null {
  if (target && target !== document.body) return dialogOf(target);
  const open = document.querySelectorAll('[role="dialog"]');
  return open[open.length - 1] ?? null;
}

/**
 * ← and → step through a set of items (the outputs of one run) while `enabled`. A press is
 * left alone when it carries a modifier (browser history, tab switching), when the focused
 * control uses arrows itself, or when it happens in another dialog than the one `anchor` is
 * in (a confirmation open over the page).
 */
export function useArrowKeys(
  {
    onPrevious,
    onNext,
    anchor,
  }: { onPrevious: () => void; onNext: () => void; anchor: RefObject<HTMLElement | null> },
  enabled = true,
) {
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(KEY_OWNERS)) return;
      if (activeDialog(target) !== dialogOf(anchor.current)) return;
      if (event.key === 'ArrowLeft') onPrevious();
      else onNext();
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, anchor, onPrevious, onNext]);
}
