import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import type { ArtKind } from './artworks';

/** The studio each kind of landing artwork opens. */
const studioPaths: Record<ArtKind, string> = {
  image: '/studio/image',
  video: '/studio/video',
  '3d': '/studio/3d',
};

/** A studio address with its prompt filled (see generate/studio-prefill.ts). */
export function studioAddress(kind: ArtKind, prompt?: string): string {
  const text = prompt?.trim();
  return text ? `${studioPaths[kind]}?${new URLSearchParams({ prompt: text })}` : studioPaths[kind];
}

/**
 * Opens a studio from the landing page. A visitor is asked to sign in first, and arrives at
 * the studio they chose once they have; closing the dialog without signing in forgets it.
 */
export function useOpenStudio(): (address: string) => void {
  const navigate = useNavigate();
  const pending = useRef<string | null>(null);

  useEffect(
    () =>
      useSession.subscribe((state) => {
        const address = pending.current;
        if (address === null) return;
        // Signing in sets the user before it closes the dialog, so a closed dialog with no
        // user means the visitor gave up.
        if (state.user !== null) {
          pending.current = null;
          void navigate(address);
        } else if (!state.loginOpen) {
          pending.current = null;
        }
      }),
    [navigate],
  );

  return useCallback(
    (address: string) => {
      const session = useSession.getState();
      if (session.user !== null) {
        void navigate(address);
        return;
      }
      pending.current = address;
      session.openLogin();
    },
    [navigate],
  );
}
