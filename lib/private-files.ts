import "server-only";
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

// DATA_DIR holds what no other account on the machine may read: the database (password hashes,
// webhook secrets, the audit log), the session secret, the journal, thumbnails of unreleased
// shots, uploads in progress. Folders are made 0700 and files 0600 by chmod, at every start:
// a umask would not do, because PGlite's file system (Emscripten's NODEFS) sets each file's mode
// itself (0666 whatever the umask), and a umask is the whole process's, not one library's.

/** Creates `dir` when missing and makes it 0700: what it holds is out of other accounts' reach. */
export function makeFolderPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Every folder under `dir` (itself included) 0700, every file 0600; symbolic links are left alone. */
export function makeTreePrivate(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o600) chmodSync(dir, 0o600);
    return;
  }
  if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir)) makeTreePrivate(path.join(dir, entry));
}
