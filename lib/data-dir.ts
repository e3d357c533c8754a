// What DATA_DIR holds, by name, for the modules that write there and for backups (lib/backup):
// the embedded database, the generated session secret and the registry's journal must survive;
// the thumbnail cache and spooled uploads can be made again.

/** The embedded PGlite database (when DATABASE_URL is unset). */
export const DB_DIR = "db";
/** The session secret generated at first start when SESSION_SECRET is unset. */
export const SESSION_SECRET_FILE = "session-secret";
/** Products and predictions the service made but the database would not take yet (lib/db/journal.ts). */
export const JOURNAL_FILE = "registry-journal.jsonl";
/** Where a running app answers `npm run backup` (lib/backup/backup-socket.ts). */
export const BACKUP_SOCKET = "backup.sock";
/** The texture files products were created from, kept for new versions (lib/studio/kept-textures.ts). */
export const KEPT_TEXTURES_DIR = "textures";
