import { useEffect, type RefObject } from 'react';

interface PasteTarget {
  /** The input on the page: targets are tried in page order. */
  element: RefObject<HTMLElement | null>;
  /** Whether it would take a picture now (it holds none and is not uploading). */
  isFree: () => boolean;
  take: (file: File) => void;
}

const targets = new Set<PasteTarget>();

/** The picture in a paste, if it holds one: a copied image or a screenshot. */
function pastedImage(data: DataTransfer | null): File | undefined {
  return [...(data?.files ?? [])].find((file) => file.type.startsWith('image/'));
}

/**
 * A pasted picture goes to the first image input on the page that holds none, or, when the
 * page has a single input, replaces what it holds. A paste into a text field that also carries
 * text (a picture copied from a web page) stays the field's text, and a paste inside a dialog
 * is the dialog's.
 */
function onPaste(event: ClipboardEvent) {
  const file = pastedImage(event.clipboardData);
  if (!file) return;
  const at = event.target instanceof Element ? event.target : null;
  if (at?.closest('[role="dialog"]')) return;
  const intoText = at?.closest('input, textarea, [contenteditable="true"]');
  if (intoText && event.clipboardData?.types.includes('text/plain')) return;
  const ordered = [...targets]
    .filter((t) => t.element.current?.isConnected)
    .sort((a, b) =>
      a.element.current!.compareDocumentPosition(b.element.current!) &
      Node.DOCUMENT_POSITION_FOLLOWING
        ? -1
        : 1,
    );
  const chosen = ordered.find((t) => t.isFree()) ?? (ordered.length === 1 ? ordered[0] : null);
  if (!chosen) return;
  event.preventDefault();
  chosen.element.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  chosen.take(file);
}

/** Makes the input at `element` take pictures pasted anywhere on the page (see onPaste). */
export function usePasteTarget(target: PasteTarget) {
  const { element, isFree, take } = target;
  useEffect(() => {
    const entry: PasteTarget = { element, isFree, take };
    if (targets.size === 0) document.addEventListener('paste', onPaste);
    targets.add(entry);
    return () => {
      targets.delete(entry);
      if (targets.size === 0) document.removeEventListener('paste', onPaste);
    };
  }, [element, isFree, take]);
}
