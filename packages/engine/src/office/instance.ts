/**
 * One warm LibreOffice: a headless soffice listening on a private UNO pipe, and the Python
 * bridge (bridge.py) that drives it, both inside an empty network namespace when the machine
 * allows one. Each incarnation gets a fresh directory holding its profile (written before
 * soffice starts, see profile.ts) and its TMPDIR; stop() kills both process groups and removes
 * the directory and the pipe sockets soffice leaves in /tmp.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CatalogueError } from '@pagewright/contracts';
import { networkIsolationPrefix } from './isolation.js';
import { writeProfile } from './profile.js';

const SOFFICE = process.env.PAGEWRIGHT_SOFFICE ?? 'soffice';
/** The system Python: python3-uno is installed for it, not for a pyenv python on PATH. */
const PYTHON = process.env.PAGEWRIGHT_OFFICE_PYTHON ?? '/usr/bin/python3';
/** Where soffice puts its named pipes (sal/osl hard-codes these, whatever TMPDIR says). */
const PIPE_DIRS = ['/tmp', '/var/tmp'];

/**
 * bridge.py beside this module (src/office when run from source) or, from the compiled
 * dist/office, the one in the package's src/office: tsc does not copy .py files.
 */
export function bridgeScript(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'bridge.py'), join(here, '..', '..', 'src', 'office', 'bridge.py')];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new CatalogueError('UNKNOWN', `office bridge script missing (looked in ${candidates.join(', ')})`);
  return found;
}

export interface BridgeRequest {
  input: string;
  output: string;
  /** LibreOffice import filter; type detection decides when absent. */
  filter?: string;
  filterOptions?: string;
}

export interface BridgeReply {
  id?: number;
  ok: boolean;
  kind?: 'load' | 'password' | 'export' | 'disposed' | 'internal';
  message?: string;
  family?: string;
  importFilter?: string;
}

/** The conversion did not finish in time; the instance has been killed. */
export class InstanceTimeout extends Error {}
/** soffice or the bridge died (crash, kill) while or before converting. */
export class InstanceDied extends Error {}

export class OfficeInstance {
  /** Conversions finished by this incarnation. */
  conversions = 0;
  private dir: string | undefined;
  private pipe = '';
  private profileUrl = '';
  private soffice: ChildProcess | undefined;
  private bridge: ChildProcess | undefined;
  private alive = false;
  private ready: { resolve: () => void; reject: (err: Error) => void } | undefined;
  private waiting: { resolve: (reply: BridgeReply) => void; reject: (err: Error) => void } | undefined;
  private nextId = 1;
  private stderr = '';
  private stopping: Promise<void> | undefined;
  private exits: Promise<void>[] = [];

  constructor(private readonly baseDir: string) {}

  get isAlive(): boolean {
    return this.alive;
  }

  /** The process group leader of soffice (oosplash; soffice.bin is its child). */
  get officePid(): number | undefined {
    return this.soffice?.pid;
  }

  /** Starts soffice and the bridge; resolves when the bridge is connected. */
  async start(startTimeoutMs: number): Promise<void> {
    const bridge = bridgeScript(); // before anything is spawned: a missing script must leave no soffice behind
    this.dir = await mkdtemp(join(this.baseDir, 'instance-'));
    const profileDir = join(this.dir, 'profile');
    const tmp = join(this.dir, 'tmp');
    await writeProfile(profileDir);
    await mkdir(tmp);
    await mkdir(join(this.dir, 'gnupg'), { mode: 0o700 });
    this.pipe = `pagewright_${process.pid}_${randomBytes(8).toString('hex')}`;
    this.profileUrl = pathToFileURL(profileDir).href;
    const prefix = networkIsolationPrefix();
    // Its own TMPDIR (removed with the instance, also after a kill) and GnuPG home (soffice
    // asks gpg about signing keys at start; that stays out of the service user's ~/.gnupg).
    const env = { ...process.env, TMPDIR: tmp, GNUPGHOME: join(this.dir, 'gnupg') };
    const launch = (command: string, args: string[], stdio: Array<'ignore' | 'pipe'>): ChildProcess => {
      const argv = [...prefix, command, ...args];
      // detached: a process group of its own, so a kill reaches soffice.bin under oosplash.
      return spawn(argv[0]!, argv.slice(1), { detached: true, stdio, env });
    };
    const readyPromise = new Promise<void>((resolve, reject) => {
      this.ready = { resolve, reject };
    });
    this.soffice = launch(SOFFICE, [
      `-env:UserInstallation=${this.profileUrl}`,
      '--headless', '--invisible', '--norestore', '--nologo', '--nodefault', '--nolockcheck',
      `--accept=pipe,name=${this.pipe};urp;`,
    ], ['ignore', 'ignore', 'pipe']);
    this.bridge = launch(PYTHON, [bridge, '--pipe', this.pipe, '--connect-timeout', String(Math.ceil(startTimeoutMs / 1000))], ['pipe', 'pipe', 'pipe']);
    this.alive = true;
    for (const child of [this.soffice, this.bridge]) {
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
      });
      this.exits.push(new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('close', () => resolve());
      }));
      child.once('error', (err) => this.died(`${child === this.soffice ? 'soffice' : 'bridge'} failed to start: ${err.message}`));
      child.once('exit', (code, signal) => this.died(`${child === this.soffice ? 'soffice' : 'bridge'} exited (${signal ?? code})`));
    }
    this.bridge.stdin?.on('error', () => undefined); // EPIPE once the bridge is gone: reported by its exit
    createInterface({ input: this.bridge.stdout! }).on('line', (line) => this.onLine(line));
    const timer = setTimeout(() => this.died(`not ready within ${startTimeoutMs} ms`), startTimeoutMs);
    try {
      await readyPromise;
    } catch (err) {
      await this.stop();
      throw new CatalogueError('UNKNOWN', `LibreOffice did not start: ${(err as Error).message}${this.stderr ? `: ${this.stderr.trim().slice(-500)}` : ''}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends one request; rejects with InstanceTimeout (after killing the instance) or InstanceDied. */
  convert(request: BridgeRequest, timeoutMs: number): Promise<BridgeReply> {
    if (!this.alive || !this.bridge?.stdin || this.waiting) return Promise.reject(new InstanceDied('instance not running'));
    const id = this.nextId++;
    return new Promise<BridgeReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new InstanceTimeout(`no answer within ${timeoutMs} ms`));
        void this.stop();
      }, timeoutMs);
      this.waiting = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      this.bridge!.stdin!.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  }

  /**
   * Ends this incarnation: asks soffice to quit when `graceful` (it then removes its own temp
   * files), kills whatever is left after a short wait, removes the directory and pipe sockets.
   */
  stop(graceful = false): Promise<void> {
    this.stopping ??= this.shutdown(graceful);
    return this.stopping;
  }

  private async shutdown(graceful: boolean): Promise<void> {
    if (graceful && this.alive && this.bridge?.stdin?.writable) {
      this.bridge.stdin.write(`${JSON.stringify({ cmd: 'terminate' })}\n`);
      await Promise.race([Promise.all(this.exits), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    }
    this.alive = false;
    for (const child of [this.soffice, this.bridge]) {
      if (child?.pid === undefined) continue;
      // The whole group, also when its leader is gone: soffice.bin may outlive oosplash.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // no process left in the group
      }
    }
    await Promise.race([Promise.all(this.exits), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    await this.removeLeftovers();
  }

  private async removeLeftovers(): Promise<void> {
    const uid = process.getuid?.() ?? 0;
    // soffice's single-instance pipe is named after the MD5 of the UTF-16 profile URL, each
    // byte in hex without a leading zero.
    const ipcHash = Array.from(createHash('md5').update(Buffer.from(this.profileUrl, 'utf16le')).digest(), (byte) => byte.toString(16)).join('');
    const names = [`OSL_PIPE_${uid}_${this.pipe}`, `OSL_PIPE_${uid}_SingleOfficeIPC_${ipcHash}`];
    await Promise.all(PIPE_DIRS.flatMap((dir) => names.map((name) => rm(join(dir, name), { force: true }).catch(() => undefined))));
    if (this.dir) await rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
  }

  private onLine(line: string): void {
    let message: BridgeReply & { event?: string };
    try {
      message = JSON.parse(line) as BridgeReply & { event?: string };
    } catch {
      return; // not ours (a library printing to stdout); the bridge only writes JSON lines
    }
    if (message.event === 'ready') {
      this.ready?.resolve();
      this.ready = undefined;
      return;
    }
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(message);
  }

  private died(reason: string): void {
    const wasAlive = this.alive;
    this.alive = false;
    this.ready?.reject(new Error(reason));
    this.ready = undefined;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(new InstanceDied(reason));
    // One half gone makes the other useless: end the incarnation.
    if (wasAlive) void this.stop();
  }
}
