import type { FileStorage } from "@ems/storage/file-storage";
import { storageFromEnv } from "@ems/storage/storage-from-env";

/** The file storage the environment names: S3 when the four S3 variables are set, else DATA_DIR/files. */
export function fileStorageFromEnv(env: {
  DATA_DIR: string;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: "true" | "false";
}): FileStorage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, S3_FORCE_PATH_STYLE } =
    env;
  return storageFromEnv(
    { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, S3_FORCE_PATH_STYLE },
    { dataDir: env.DATA_DIR },
  );
}
