import type { Clock } from '../../lib/clock';
import type { ModerationRepository } from './moderation.repository';

/** How long the term list may be cached by one node before it is read again. */
const CACHE_MS = 30_000;

/** Normalises text so spacing, case and width variants of a term still match. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
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
        terms: rows.map((r) => ({ id: r.id, term: r.term, normalised: normalise(r.term) })),
      };
    }
    return cache.terms;
  }

  return {
    /** The blocklisted term the text contains, if any (answers which term matched). */
    async findBlockedTerm(text: string): Promise<string | null> {
      const haystack = normalise(text);
      return (await terms()).find((t) => haystack.includes(t.normalised))?.term ?? null;
    },
    async listTerms() {
      return (await terms()).map(({ id, term }) => ({ id, term }));
    },
    async addTerm(term: string) {
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
