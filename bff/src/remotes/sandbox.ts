import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The operating system's boundary around a build's server renderer. A deployed build is untrusted input to the
 * server: its renderer runs as its own process, started through bubblewrap (the sandbox Flatpak uses) with
 *
 * - new namespaces for users, processes, network, IPC and host name: no network at all (only a loopback that is
 *   down), no other process to see or signal, no unix socket of the host (the database's included);
 * - a file system of its own: the system's programs and libraries read-only (`/usr`), its build's `ssr/` folder
 *   read-only at `/build`, and nothing else: no data folder, no other build, no `/etc`, no `/tmp`, no home;
 * - no environment variables, no capabilities, a new session (no terminal to type into);
 * - inside that, Node's permission model: reads of its build and its runner only, no writes, no child processes, no
 *   worker threads, no native addons;
 * - limits: a V8 heap limit, an address-space limit (so memory outside the heap is bounded too), no core dumps; and
 *   the BFF's deadline, after which the process is killed.
 *
 * Bubblewrap is required: where it cannot run (not installed, or the kernel refuses namespaces), builds are not
 * rendered on the server at all and pages are rendered in the browser — the safe side, never an unsandboxed render.
 */

/** The runner the sandbox starts (plain JavaScript, beside this module in the source and in the compiled BFF). */
const RUNNER_FILE = new URL('./ssr-sandbox.mjs', import.meta.url);
const BWRAP = 'bwrap';
const PRLIMIT = '/usr/bin/prlimit';
/** Where the build's folder and the runner appear inside the sandbox. */
const BUILD_MOUNT = '/build';
const RUNNER_MOUNT = '/sandbox/runner.mjs';

export type SandboxLimits = {
  /** V8's heap (old generation), in MB. */
  heapMb: number;
  /** The whole address space, in MB: V8 reserves about 500 MB of it before any page is rendered. */
  addressSpaceMb: number;
};

export const DEFAULT_LIMITS: SandboxLimits = { heapMb: 192, addressSpaceMb: 1024 };

/** The command that runs `entry` (a file of `buildDir`) in the sandbox: bubblewrap, then prlimit, then Node. */
export function sandboxCommand(
  buildDir: string,
  entry: string,
  limits: SandboxLimits = DEFAULT_LIMITS,
): { command: string; args: string[] } {
  const node = process.execPath;
  const runner = fs.realpathSync(RUNNER_FILE);
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
    // /lib and /lib64 are links into /usr on current systems and folders on older ones: either way, read-only.
    '--ro-bind-try',
    '/lib',
    '/lib',
    '--ro-bind-try',
    '/lib64',
    '/lib64',
    // Node installed outside /usr (nvm, a tarball): its binary alone.
    ...(node.startsWith('/usr/') ? [] : ['--ro-bind', node, node]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--ro-bind',
    buildDir,
    BUILD_MOUNT,
    '--ro-bind',
    runner,
    RUNNER_MOUNT,
    '--chdir',
    BUILD_MOUNT,
  ];
  const limit = fs.existsSync(PRLIMIT)
    ? [PRLIMIT, `--as=${limits.addressSpaceMb * 1024 * 1024}`, '--core=0', '--']
    : [];
  const nodeArgs = [
    node,
    '--experimental-permission',
    `--allow-fs-read=${BUILD_MOUNT}`,
    `--allow-fs-read=${RUNNER_MOUNT}`,
    `--max-old-space-size=${limits.heapMb}`,
    // WebAssembly's guard regions (10 GB of address space each) would not fit the address-space limit.
    ...(limit.length > 0 ? ['--disable-wasm-trap-handler'] : []),
    '--disallow-code-generation-from-strings',
    '--disable-warning=ExperimentalWarning',
    RUNNER_MOUNT,
    path.posix.join(BUILD_MOUNT, entry),
  ];
  return { command: BWRAP, args: [...args, ...limit, ...nodeArgs] };
}

let available: { ok: true } | { ok: false; reason: string } | null = null;

/**
 * Whether the sandbox can run here: bubblewrap starts Node in it and Node answers. Checked once per process (about
 * 50 ms); the reason says what is missing when it cannot.
 */
export function sandboxAvailable(): { ok: true } | { ok: false; reason: string } {
  if (available) return available;
  const probeDir = path.dirname(fs.realpathSync(RUNNER_FILE));
  const { command, args } = sandboxCommand(probeDir, 'ssr-sandbox.mjs');
  // The runner's own folder stands in for a build; `--version` makes Node answer without running anything.
  const at = args.indexOf(RUNNER_MOUNT, args.indexOf('--experimental-permission'));
  const probe = [...args.slice(0, at), '--version'];
  const run = spawnSync(command, probe, { env: {}, encoding: 'utf8', timeout: 10_000 });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    available = {
      ok: false,
      reason:
        code === 'ENOENT'
          ? 'bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt-get install bubblewrap)'
          : `bubblewrap did not start: ${run.error.message}`,
    };
  } else if (run.status !== 0 || !run.stdout.startsWith('v')) {
    available = {
      ok: false,
      reason: `bubblewrap cannot make a sandbox here: ${(run.stderr || `exit ${run.status}`).trim().slice(0, 300)}`,
    };
  } else {
    available = { ok: true };
  }
  return available;
}

/** Starts the sandboxed renderer of `entry` in `buildDir`: requests on its stdin, answers on its fd 3. */
export function startSandbox(buildDir: string, entry: string, limits?: SandboxLimits) {
  const { command, args } = sandboxCommand(buildDir, entry, limits);
  return spawn(command, args, { env: {}, stdio: ['pipe', 'ignore', 'pipe', 'pipe'] });
}
