// Files in an S3-compatible bucket (Amazon S3, Yandex Object Storage, Selectel, MinIO…), configured by the
// S3_* variables. Browsers never talk to the bucket: /uploads/ and /img stream from it through the shop, so
// the bucket stays private and the pictures keep the shop's address, headers and cache rules.
//
// The SDK is imported on first use only: a shop on the local disk never loads it, and one on S3 loads it
// (about a third of a second) when the first picture is asked for, not during start-up.
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { assertStorageKey, pictureType } from './keys';
import type { FileStorage, StoredInfo } from './types';

type Sdk = typeof S3Sdk;

/** Whether the SDK's error says the object is not there (GetObject: NoSuchKey, HeadObject: a bare 404). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function s3Storage(config: S3Config, publicPrefix = '/uploads/'): FileStorage {
  let connection: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | null = null;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
    })));
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return config.prefix + key;
  };
  const url = (key: string) => publicPrefix + key;
  const infoOf = (o: { ContentLength?: number; LastModified?: Date; ETag?: string }): StoredInfo => ({
    size: o.ContentLength ?? 0,
    modified: o.LastModified ?? new Date(0),
    etag:
      o.ETag ?? `"${(o.ContentLength ?? 0).toString(16)}-${(o.LastModified?.getTime() ?? 0).toString(16)}"`,
  });
  const get = async (key: string) => {
    const { sdk, client } = await connect();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    url,
    async put(key, data, contentType) {
      const { sdk, client } = await connect();
      // One PUT stores the object whole or not at all: readers never see half a file.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: contentType ?? pictureType(key) ?? 'application/octet-stream',
        }),
      );
      return url(key);
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async head(key) {
      const { sdk, client } = await connect();
      try {
        return infoOf(await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) })));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async open(key) {
      const object = await get(key);
      // In Node.js the SDK's body is the HTTP response itself (an IncomingMessage).
      return object?.Body ? { ...infoOf(object), body: object.Body as Readable } : null;
    },
    async *list(prefix) {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: config.prefix + prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key.slice(config.prefix.length), size: object.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
