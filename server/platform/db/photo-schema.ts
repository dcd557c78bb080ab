import type { ColumnType, Generated } from 'kysely';

/** Kysely types of work_order_photos (migration 043). */
export interface WorkOrderPhotosTable {
  id: Generated<number>;
  /** NULL between the upload and the order that names it. */
  work_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  email: string;
  /** What is stored and served: the re-encoded image. */
  content_type: string;
  width: number;
  height: number;
  data: Uint8Array;
  thumbnail_type: string;
  thumbnail_width: number;
  thumbnail_height: number;
  thumbnail: Uint8Array;
  /** The type sniffed from the bytes the customer sent (image/heic included). */
  source_type: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One row per upload begun, whatever became of it (migration 074): the hourly allowance counts these. */
export interface PhotoUploadStartsTable {
  id: Generated<number>;
  email: string;
  started_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PhotoTables {
  work_order_photos: WorkOrderPhotosTable;
  photo_upload_starts: PhotoUploadStartsTable;
}
