/**
 * An S3 API emulator (s3rver, from npm) on a loopback port, for tests only: there is no MinIO
 * here, and production points at AWS S3, MinIO, R2 or Ceph. It takes SigV4 presigned URLs and
 * multipart uploads (create, upload part, complete) but not ListParts, ListMultipartUploads or
 * AbortMultipartUpload, which the S3 adapter therefore does not rely on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string; port: number; silent: boolean; directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface S3Emulator {
  endpoint: string;
  bucket: string;
  /** The environment that points the server at the emulator (STORAGE_KIND=s3). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Emulator(bucket = 'pagewright-test'): Promise<S3Emulator> {
  const directory = mkdtempSync(path.join(tmpdir(), 'pw-s3-'));
  const emulator = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await emulator.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_KIND: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await emulator.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
