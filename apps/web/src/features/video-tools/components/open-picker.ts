import { useSession } from '../../../shared/session/session-store';

/** Opens the file picker, or asks a visitor to sign in first: uploads belong to an account. */
export function openPicker(input: HTMLInputElement | null) {
  const session = useSession.getState();
  if (session.user === null) session.openLogin();
  else input?.click();
}
