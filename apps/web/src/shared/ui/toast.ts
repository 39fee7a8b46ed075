import { TOAST_DEFAULT_MS } from '@lumen/contracts/constants';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCheck,
  IconHelpCircle,
  IconInfoCircle,
  IconX,
} from '@tabler/icons-react';
import { createElement, type ReactNode } from 'react';

export type ToastType = 'info' | 'success' | 'warning' | 'error' | 'question' | 'loading';

export interface ToastOptions {
  type?: ToastType;
  message: ReactNode;
  title?: ReactNode;
  /** Milliseconds before it closes; 0 or less keeps it until closed (spec §4). */
  duration?: number;
  closable?: boolean;
  /** Escape closes the newest toast unless this is false (used for the version warning). */
  closeOnEscape?: boolean;
  /** Showing a toast with an id already on screen updates it instead of stacking a copy. */
  id?: string;
}

/** Spec §4: toasts appear after about 10 ms, so one raised during a route change is not lost. */
export const TOAST_APPEAR_DELAY_MS = 10;

const colors: Record<ToastType, string> = {
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  error: 'red',
  question: 'grape',
  loading: 'gray',
};

const icons: Record<Exclude<ToastType, 'loading'>, ReactNode> = {
  info: createElement(IconInfoCircle, { size: 18 }),
  success: createElement(IconCheck, { size: 18 }),
  warning: createElement(IconAlertTriangle, { size: 18 }),
  error: createElement(IconX, { size: 18 }),
  question: createElement(IconHelpCircle, { size: 18 }),
};

export function resolveAutoClose(duration: number | undefined): number | false {
  const ms = duration ?? TOAST_DEFAULT_MS;
  return ms > 0 ? ms : false;
}

let sequence = 0;
/** Ids of toasts on screen that Escape may close, oldest first. */
const escapable: string[] = [];
let escapeListening = false;

function forget(id: string): void {
  const index = escapable.indexOf(id);
  if (index >= 0) escapable.splice(index, 1);
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  const newest = escapable.pop();
  if (newest) notifications.hide(newest);
}

function listenForEscape(): void {
  if (escapeListening || typeof document === 'undefined') return;
  document.addEventListener('keydown', onKeyDown);
  escapeListening = true;
}

/** Shows a toast and returns its id, which `closeToast` accepts. */
export function toast(options: ToastOptions): string {
  const type = options.type ?? 'info';
  sequence += 1;
  const id = options.id ?? `toast-${sequence}`;
  listenForEscape();
  window.setTimeout(() => {
    const closable = options.closable ?? false;
    notifications.show({
      id,
      title: options.title,
      message: options.message,
      color: colors[type],
      icon: type === 'loading' ? undefined : icons[type],
      loading: type === 'loading',
      autoClose: resolveAutoClose(options.duration),
      withCloseButton: closable,
      'data-toast-type': type,
      onClose: () => forget(id),
    });
    if (options.closeOnEscape !== false && !escapable.includes(id)) escapable.push(id);
  }, TOAST_APPEAR_DELAY_MS);
  return id;
}

export function closeToast(id: string): void {
  forget(id);
  notifications.hide(id);
}
