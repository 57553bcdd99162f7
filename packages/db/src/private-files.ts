import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// DATA_DIR holds the database, the signing secrets, captured mails (with reset links) and uploads: only the site's
// own user may read it. Folders are 0700 and files 0600 whatever the umask; PGlite creates its files 0666 itself.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) 0700; an existing one loses any group and other access. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const mode = statSync(dir).mode & 0o777;
  if (mode & 0o077) chmodSync(dir, mode & 0o700);
}

/** Takes group and other access away from everything under `dir` (folders 0700, files 0600). */
export function makeTreePrivate(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const name of names) {
    const file = path.join(dir, name);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) continue;
    if (stats.isDirectory()) makeTreePrivate(file);
    else if (stats.isFile() && (stats.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
