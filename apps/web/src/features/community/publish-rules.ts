/** A first title from the prompt: its opening words, cut at a word boundary. */
export function titleFromPrompt(prompt: string | undefined, max = 60): string {
  const clean = (prompt ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
