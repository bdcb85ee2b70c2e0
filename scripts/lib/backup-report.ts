import type { BackupResult } from "~/server/ops/backup.server";

/** One line an operator reads after a backup. */
export function describeBackup(result: BackupResult): string {
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  const tables = Object.keys(result.manifest.tables).length;
  return (
    `Backup written: ${result.file} (${(result.bytes / 1024).toFixed(1)} KB in ${result.seconds.toFixed(1)} s): ` +
    `${rows} rows in ${tables} tables (${result.manifest.tables.stored_files ?? 0} stored files), ${result.manifest.uploads} files of DATA_DIR/uploads.`
  );
}
