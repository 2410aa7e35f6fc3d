import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ObjectStorage } from './objectStorage.js';

/** Objects as files below one directory: the embedded default. */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch {
      // A temporary directory on another device cannot be renamed across; copy instead.
      await copyFile(sourcePath, target);
    }
  }

  openRead(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async localCopy(key: string): Promise<string> {
    // Engines only read their inputs, so the stored file itself serves.
    return this.pathOf(key);
  }

  async assemble(key: string, partKeys: string[]): Promise<{ size: number; md5: string }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    const hash = createHash('md5');
    let size = 0;
    const out = createWriteStream(temp);
    try {
      for (const partKey of partKeys) {
        for await (const chunk of createReadStream(this.pathOf(partKey)) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      await rename(temp, target);
    } catch (err) {
      out.destroy();
      await rm(temp, { force: true });
      throw err;
    }
    return { size, md5: hash.digest('hex') };
  }

  async md5(key: string): Promise<string> {
    const hash = createHash('md5');
    await pipeline(createReadStream(this.pathOf(key)), hash);
    return hash.digest('hex');
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }
}
