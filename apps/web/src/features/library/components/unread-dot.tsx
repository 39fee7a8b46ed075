import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { Dot } from '../../../shared/ui/dot';
import type { LibraryKind } from '../library-kinds';
import { unreadKinds, useUnreadResults } from '../unread-results';

/**
 * A dot while the library holds a result not looked at yet: of `kind`, or of any kind (the
 * nav item).
 */
export function UnreadDot({ kind }: { kind?: LibraryKind }) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId);
  const unread = useUnreadResults((s) => unreadKinds(s, userId));
  const shown = kind ? unread.includes(kind) : unread.length > 0;
  if (!shown) return null;
  return <Dot label={t('library.unread')} />;
}

/** The nav item's mark: any kind. */
export function LibraryDot() {
  return <UnreadDot />;
}
