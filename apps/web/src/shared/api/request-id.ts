/**
 * A request id per press, so a retried submission is not queued twice. Built from
 * `crypto.getRandomValues`, which works without HTTPS (unlike `crypto.randomUUID`).
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
