import { COMMENT_MAX_LENGTH } from '@lumen/contracts/community';

/** Spec §5: a comment is non-empty after trimming and at most the cap; the server moderates it. */
export function commentProblem(text: string): 'empty' | 'tooLong' | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > COMMENT_MAX_LENGTH) return 'tooLong';
  return null;
}
