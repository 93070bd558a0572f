import type { S3Client } from '@aws-sdk/client-s3';

/** Bytes by key: what Storage needs from the disk or an object store. */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Rejects when the store cannot be reached (readiness); absent for the local disk. */
  ping?(): Promise<void>;
}

/**
 * One client per store address: route modules each build a Storage, and should share it. The SDK
 * is loaded on first use, so a server without STORAGE_URL never pays for it at start.
 */
const clients = new Map<string, Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }>>();

function clientFor(endpoint: string | undefined) {
  const key = endpoint ?? '';
  let client = clients.get(key);
  if (!client) {
    client = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: process.env.AWS_REGION ?? 'us-east-1',
        ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      }),
    }));
    clients.set(key, client);
  }
  return client;
}

/** STORAGE_URL=s3://bucket[/prefix]: keys are written under the prefix in that bucket. */
export function s3BlobStore(storageUrl: string, endpoint: string | undefined): BlobStore {
  const url = new URL(storageUrl);
  const bucket = url.hostname;
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  return {
    async put(key, data) {
      const { s3, sdk } = await clientFor(endpoint);
      // Names are 128 random bits: a put never meets an existing key.
      await s3.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data }));
    },
    async get(key) {
      const { s3, sdk } = await clientFor(endpoint);
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async ping() {
      const { s3, sdk } = await clientFor(endpoint);
      await s3.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
    },
    async remove(key) {
      const { s3, sdk } = await clientFor(endpoint);
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
