import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../lib/clock';

/**
 * The folder format shared by the file mailer and the file SMS sender (architecture decision 8):
 * one file per message, named so that names sort by time, written so that a reader polling the
 * folder never sees half a file.
 */

/** `.eml` or `.txt`: the only files the readers list and serve. */
export type MessageExtension = '.eml' | '.txt';

const namePatterns: Record<MessageExtension, RegExp> = {
  '.eml': /^[\w.-]+\.eml$/,
  '.txt': /^[\w.-]+\.txt$/,
};

let sequence = 0;

/**
 * `2026-01-01T08-30-00.123Z-000001a3f9c2.eml`: the time first so names sort by it. The suffix
 * starts with a per-process sequence because a test's frozen clock writes many messages in the
 * same millisecond, and they must still list in the order they were sent.
 */
export function createMessageFileName(date: Date, extension: MessageExtension): string {
  sequence = (sequence + 1) % 36 ** 6;
  const stamp = date.toISOString().replaceAll(':', '-');
  const suffix = sequence.toString(36).padStart(6, '0') + randomBytes(3).toString('hex');
  return `${stamp}-${suffix}${extension}`;
}

/** Writes the message under a hidden temporary name, then renames it into place. */
export async function writeMessageFile(
  dir: string,
  extension: MessageExtension,
  content: string | Buffer,
  clock: Clock,
): Promise<string> {
  // Created on every write, not once: a developer may empty the folder while the server runs.
  await fs.mkdir(dir, { recursive: true });
  const name = createMessageFileName(clock.now(), extension);
  const temporary = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temporary, content, { flag: 'wx' });
    await fs.rename(temporary, path.join(dir, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return name;
}

/** The time a message file was written, from its name (`2026-01-01T08-30-00.123Z-…`). */
export function dateFromFileName(id: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}\.\d{3}Z)/.exec(id);
  const date = match ? new Date(`${match[1]}:${match[2]}:${match[3]}`) : new Date(0);
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}

/** The message files in `dir`, newest first; none when the folder does not exist yet. */
export async function listMessageFileNames(
  dir: string,
  extension: MessageExtension,
): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const pattern = namePatterns[extension];
  return names
    .filter((name) => pattern.test(name))
    .sort()
    .reverse();
}

/** The message files in `dir` with their bytes, newest first, read one at a time. */
export async function* readMessageFiles(
  dir: string,
  extension: MessageExtension,
): AsyncGenerator<{ id: string; raw: Buffer }> {
  for (const id of await listMessageFileNames(dir, extension)) {
    const raw = await readIfPresent(path.join(dir, id));
    // Deleted between listing and reading: skip it rather than fail the whole listing.
    if (raw) yield { id, raw };
  }
}

/**
 * The bytes of one message, or undefined. `id` comes from a URL, so it is served only when it
 * has the strict file-name shape and is one of the names the folder actually lists: no path
 * separators, no `..`, nothing outside `dir`.
 */
export async function readMessageFile(
  dir: string,
  extension: MessageExtension,
  id: string,
): Promise<Buffer | undefined> {
  if (!namePatterns[extension].test(id)) return undefined;
  const names = await listMessageFileNames(dir, extension);
  return names.includes(id) ? readIfPresent(path.join(dir, id)) : undefined;
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
