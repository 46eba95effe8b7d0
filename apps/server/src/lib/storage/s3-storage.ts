import type { FileStorage } from "./file-storage.js";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Needed by most S3-compatible servers (MinIO, Garage…). */
  forcePathStyle: boolean;
}

export function createS3Storage(options: S3Options): FileStorage {
  // The AWS SDK is loaded by the first file read or written, not at start: a server storing on disk
  // never loads it, and one on S3 only once it touches a document.
  let loading: Promise<{
    sdk: typeof import("@aws-sdk/client-s3");
    client: import("@aws-sdk/client-s3").S3Client;
  }> | null = null;
  const s3 = () => {
    loading ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    }));
    return loading;
  };
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(key, data, contentType) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      const { sdk, client } = await s3();
      const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
      if (!result.Body) throw new Error(`empty object ${key}`);
      return Buffer.from(await result.Body.transformToByteArray());
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
