import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand,
  HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, downloadContentType } from '../../util/fileName.js';
import { assertSafeKey, type ObjectStorage, type PresignedAccess } from './objectStorage.js';

export interface S3StorageOptions {
  /** Unset: AWS S3 itself. MinIO, R2, Ceph or an emulator: its base URL. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: MinIO and emulators need it. */
  forcePathStyle: boolean;
}

/** S3 refuses parts below 5 MiB except the last (EntityTooSmall at completion); MinIO and R2 too. */
const S3_MIN_PART_SIZE = 5 * 1024 * 1024;

/**
 * Objects in a bucket of S3-compatible storage (AWS S3, MinIO, R2, Ceph). Browsers upload and
 * download through presigned URLs; the engines read a copy streamed to their private temporary
 * directory, and results are streamed back.
 */
export class S3ObjectStorage implements ObjectStorage, PresignedAccess {
  readonly kind = 's3' as const;
  readonly presigned: PresignedAccess = this;
  readonly minPartSize = S3_MIN_PART_SIZE;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default CRC32 checksums would be signed into presigned URLs the browser cannot
      // satisfy, and several S3-compatible stores reject them; md5 is checked by us instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(sourcePath);
    await this.client.send(new PutObjectCommand({
      Bucket: this.bucket, Key: key, Body: createReadStream(sourcePath), ContentLength: size,
    }));
  }

  openRead(key: string): Readable {
    assertSafeKey(key);
    // Callers take a stream at once; the GET starts behind it and its failure ends the stream.
    const out = new PassThrough();
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })).then(
      (answer) => {
        const body = answer.Body as Readable | undefined;
        if (!body) {
          out.destroy(new Error(`no body for ${key}`));
          return;
        }
        body.once('error', (err) => out.destroy(err));
        out.once('close', () => body.destroy());
        body.pipe(out);
      },
      (err: unknown) => out.destroy(err as Error),
    );
    return out;
  }

  async size(key: string): Promise<number | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<{ size: number; etag: string } | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, etag: (head.ETag ?? '').replace(/"/g, '').toLowerCase() };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async localCopy(key: string, tempDir: string): Promise<string> {
    assertSafeKey(key);
    const target = path.join(tempDir, `object-${randomUUID()}`);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await pipeline(answer.Body as Readable, createWriteStream(target, { mode: 0o600 }));
    return target;
  }

  async assemble(key: string, partKeys: string[]): Promise<{ size: number; md5: string }> {
    assertSafeKey(key);
    const sizes = await Promise.all(partKeys.map(async (k) => {
      const size = await this.size(k);
      if (size === null) throw new Error(`part ${k} is missing`);
      return size;
    }));
    const total = sizes.reduce((a, b) => a + b, 0);
    const hash = createHash('md5');
    const body = new PassThrough();
    const feed = (async () => {
      for (const partKey of partKeys) {
        for await (const chunk of this.openRead(partKey) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          if (!body.write(chunk)) await new Promise<void>((r) => body.once('drain', () => r()));
        }
      }
      body.end();
    })();
    feed.catch((err: unknown) => body.destroy(err as Error));
    await Promise.all([
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: total })),
      feed,
    ]);
    return { size: total, md5: hash.digest('hex') };
  }

  async md5(key: string): Promise<string> {
    const hash = createHash('md5');
    await pipeline(this.openRead(key), hash);
    return hash.digest('hex');
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    // As a directory: `results/ab` must not take `results/abc`.
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    assertSafeKey(folder.slice(0, -1));
    // A prefix holds a task's result or a file's parts: a few objects, deleted one by one
    // (DeleteObjects needs a checksum header some S3-compatible stores refuse).
    for (const key of await this.keys(folder)) await this.delete(key);
  }

  /** Every key under `prefix`. */
  async keys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  uploadUrl(key: string, ttlS: number): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: ttlS });
  }

  async startParts(key: string, count: number, ttlS: number): Promise<{ uploadId: string; partUrls: string[] }> {
    assertSafeKey(key);
    const started = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    const uploadId = started.UploadId;
    if (!uploadId) throw new Error(`no upload id for ${key}`);
    const partUrls = await Promise.all(Array.from({ length: count }, (_, i) => getSignedUrl(
      this.client,
      new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: i + 1 }),
      { expiresIn: ttlS },
    )));
    return { uploadId, partUrls };
  }

  async completeParts(key: string, uploadId: string, etags: string[]): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new CompleteMultipartUploadCommand({
      Bucket: this.bucket, Key: key, UploadId: uploadId,
      MultipartUpload: { Parts: etags.map((etag, i) => ({ PartNumber: i + 1, ETag: etag })) },
    }));
  }

  downloadUrl(key: string, fileName: string, ttlS: number): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({
      Bucket: this.bucket, Key: key, ResponseContentDisposition: contentDisposition(fileName),
      ResponseContentType: downloadContentType(fileName),
    }), { expiresIn: ttlS });
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}
