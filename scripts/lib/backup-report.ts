import type { BackupResult } from "~/server/ops/backup.server";

/**
 * What an operator reads after a backup: one line, and a second when the site's secrets
 * were generated into DATA_DIR, which no backup holds (decision 060).
 */
export function describeBackup(result: BackupResult): string {
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  const tables = Object.keys(result.manifest.tables).length;
  return (
    `Backup written: ${result.file} (${(result.bytes / 1024).toFixed(1)} KB in ${result.seconds.toFixed(1)} s): ` +
    `${rows} rows in ${tables} tables (${result.manifest.tables.stored_files ?? 0} stored files), ${result.manifest.uploads} files of DATA_DIR/uploads.` +
    (result.manifest.authSecret.kept === "data-dir"
      ? "\nIt holds neither DATA_DIR/auth-secret nor DATA_DIR/identity-files.key: keep copies of them apart from your backups; a restore needs them."
      : "")
  );
}
