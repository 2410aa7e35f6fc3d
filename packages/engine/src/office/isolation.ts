/**
 * Network isolation of the converters: soffice, its bridge and Chromium run inside a new,
 * empty network namespace (only a loopback interface, which is down), so no document can make
 * them reach any host, the machine's own loopback services included. Creating one needs root
 * (`unshare --net`, as in CI and the container) or unprivileged user namespaces
 * (`unshare --user --map-root-user --net`); when neither works the converters run without it
 * and only the profile settings and Chromium's request blocking stand, which is logged once.
 */
import { spawnSync } from 'node:child_process';

let cached: string[] | undefined;

function works(prefix: string[]): boolean {
  const [command, ...args] = prefix;
  const result = spawnSync(command!, [...args, 'true'], { stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}

/**
 * The command prefix that starts a program in an empty network namespace, or [] when this
 * machine allows none. `PAGEWRIGHT_OFFICE_NETNS=off` turns it off (for debugging only).
 */
export function networkIsolationPrefix(): string[] {
  if (cached) return cached;
  const candidates = [['unshare', '--net'], ['unshare', '--user', '--map-root-user', '--net']];
  if (process.env.PAGEWRIGHT_OFFICE_NETNS === 'off') {
    cached = [];
  } else {
    cached = candidates.find((prefix) => works(prefix)) ?? [];
  }
  if (cached.length === 0) {
    console.warn('pagewright office: no network namespace available (unshare --net failed); converters rely on LibreOffice profile settings and Chromium request blocking alone');
  }
  return cached;
}
