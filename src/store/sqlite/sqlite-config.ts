/** Connection settings for the SQLite store. */
export interface SqliteConfig {
  /** Database file path. */
  path: string;
  /** Wait this long for a lock before failing (ms). Default 15 000. */
  busyTimeoutMs: number;
  /** Page cache size (negative = KiB, as in `PRAGMA cache_size`). Default -16 000 (16 MB). */
  cacheSizePages: number;
  /** Memory-mapped I/O size in MiB. Default 256. */
  mmapSizeMB: number;
  /** Open read-only (no migrations). Default false. */
  readonly: boolean;
}

export const DEFAULT_SQLITE_CONFIG: Omit<SqliteConfig, "path"> = {
  busyTimeoutMs: 15_000,
  cacheSizePages: -16_000,
  mmapSizeMB: 256,
  readonly: false,
};
