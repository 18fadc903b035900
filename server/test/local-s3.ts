// A local S3-protocol server for the object-storage tests: s3rver in the test's own process, on a free port,
// keeping its objects in a temporary folder; the bucket is made through the protocol, as an operator would.
// The tests read the bucket with the SDK directly, not through the shop's store, to see what really is there.
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/platform/config';

export interface LocalS3 {
  /** The shop's settings for this server (loadConfig's s3), with the prefix asked for. */
  config(prefix?: string): S3Config;
  /** The same as S3_* variables, for a command started as a child process. */
  env(prefix?: string): Record<string, string>;
  /** An object's bytes, by its whole key in the bucket; null when there is none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, data: Buffer | string): Promise<void>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver checks request signatures against its one built-in key pair.
const KEY = 'S3RVER';

export async function startLocalS3(bucket = 'shop-pictures'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (prefix = ''): S3Config => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: KEY,
    secretAccessKey: KEY,
    forcePathStyle: true,
    prefix,
  });
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    config,
    env: (prefix = '') => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: prefix,
    }),
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
