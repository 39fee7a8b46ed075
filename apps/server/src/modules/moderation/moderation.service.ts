import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ModerationRepository } from './moderation.repository';

/** How long the term list may be cached by one node before it is read again. */
const CACHE_MS = 30_000;

/**
 * Normalises text so variants of a term that read the same still match: compatibility forms
 * (full-width letters, ligatures) by NFKC, invisible format characters (zero-width spaces and
 * joiners, soft hyphens, byte-order marks: category Cf) removed, case folded (upper then lower
 * case, so `ß` and `SS` meet), and runs of spacing made one space. Terms go through it too.
 */
export function normaliseForBlocklist(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/g, ' ');
}

export function createModerationService(deps: { repository: ModerationRepository; clock: Clock }) {
  let cache: { at: number; terms: { id: number; term: string; normalised: string }[] } | null =
    null;

  async function terms() {
    const now = deps.clock.now().getTime();
    if (!cache || now - cache.at > CACHE_MS) {
      const rows = await deps.repository.listTerms();
      cache = {
        at: now,
        terms: rows.map((r) => ({
          id: r.id,
          term: r.term,
          normalised: normaliseForBlocklist(r.term).trim(),
        })),
      };
    }
    return cache.terms;
  }

  return {
    /** The blocklisted term the text contains, if any (answers which term matched). */
    async findBlockedTerm(text: string): Promise<string | null> {
      const haystack = normaliseForBlocklist(text);
      // A term that normalises to nothing would be found in every text: it matches none.
      return (
        (await terms()).find((t) => t.normalised !== '' && haystack.includes(t.normalised))?.term ??
        null
      );
    },
    async listTerms() {
      return (await terms()).map(({ id, term }) => ({ id, term }));
    },
    async addTerm(term: string) {
      if (normaliseForBlocklist(term).trim() === '') {
        throw new AppError(ErrorCode.invalidParams, 'moderation.termInvisible', {}, [
          { field: 'term', message: 'no visible characters' },
        ]);
      }
      await deps.repository.addTerm(term.trim(), deps.clock.now());
      cache = null;
      return this.listTerms();
    },
    async deleteTerm(id: number) {
      const deleted = await deps.repository.deleteTerm(id);
      cache = null;
      return deleted;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
