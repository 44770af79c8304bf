import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '../../infra/local/ports';
import { repoRoot } from './spawn-process';

/** The product's front door, as the web image ships it. */
export const SHIPPED_NGINX_CONF = path.join(repoRoot, 'infra/docker/nginx.conf');

export interface FrontDoor {
  /** http://127.0.0.1:<port>: nginx, proxying to the upstreams. */
  origin: string;
  /** nginx's error log so far (startup problems, upstreams refusing). */
  errorLog(): string;
  /** The requests answered so far, with `accessLog: true` (else none). */
  accessLog(): AccessEntry[];
  close(): Promise<void>;
}

export interface FrontDoorOptions {
  /** host:port of each API, taken round robin (nginx's default), as compose's scaled `api` is. */
  upstreams: string[];
  /**
   * Logs each request's X-Test-Request label, final status and the APIs nginx tried, so a test
   * can tell which instance answered (or failed) each request.
   */
  accessLog?: boolean;
}

export interface AccessEntry {
  /** The request's X-Test-Request header ('-' without one). */
  label: string;
  status: number;
  /** The API that gave the final answer (the last one nginx tried). */
  upstream: string;
  /** Every API nginx tried, in order (more than one when it moved on from a dead one). */
  tried: string[];
}

const ACCESS_FORMAT = '$http_x_test_request|$status|$upstream_addr';

function parseAccessLog(text: string): AccessEntry[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [label = '', status = '0', addresses = ''] = line.split('|');
      const tried = addresses.split(/,\s*/).filter((address) => address && address !== '-');
      return { label, status: Number(status), upstream: tried.at(-1) ?? '', tried };
    });
}

/** Debian's nginx (bash infra/install-system-packages.sh --tests installs it). */
function nginxPath(): string {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  const found = dirs.map((dir) => path.join(dir, 'nginx')).find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      'nginx not found: run `bash infra/install-system-packages.sh --tests` (apt-get install nginx)',
    );
  }
  return found;
}

const LISTEN = /^[ \t]*listen[ \t][^;\n]*;[ \t]*\n/gm;

/**
 * The shipped server block with its `listen` lines (8080, IPv4 and IPv6) replaced by one on
 * 127.0.0.1:`port`, and nothing else changed. Throws when the file has none, so that a reworded
 * file cannot leave the test's nginx on 8080 (or on nothing) without anyone noticing.
 */
export function serverBlockOnPort(shipped: string, port: number): string {
  const listens = shipped.match(LISTEN) ?? [];
  if (listens.length === 0) {
    throw new Error(`${SHIPPED_NGINX_CONF} has no \`listen ...;\` line for the test to replace`);
  }
  let first = true;
  return shipped.replace(LISTEN, (line) => {
    if (!first) return '';
    first = false;
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    return `${indent}listen 127.0.0.1:${String(port)};\n`;
  });
}

/**
 * The http block the image's own /etc/nginx/nginx.conf would give (mime types, the conf.d files
 * included), with everything nginx writes kept in `dir` (Debian's defaults are under /var, which
 * a test must not touch), and the upstreams this test names in place of nginx-upstream.conf.
 */
function mainConfig(
  dir: string,
  upstreams: string[],
  serverBlock: string,
  accessLog: string | undefined,
): string {
  const servers = upstreams.map((upstream) => `        server ${upstream};`).join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`)
    .join('\n');
  return `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events {
    worker_connections 256;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
${temp}
    ${accessLog ? `log_format test '${ACCESS_FORMAT}';\n    access_log ${accessLog} test;` : 'access_log off;'}
    upstream homeservices_api {
${servers}
        keepalive 32;
    }
    include ${serverBlock};
}
`;
}

function answersTcp(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's nginx with the shipped infra/docker/nginx.conf (only its port changed) in front of
 * the given APIs, as a child process of the test: not the system's nginx service, and nothing
 * under /etc/nginx or /var is written. Ready once its port takes connections; the APIs need not
 * be up yet (nginx connects to them per request).
 */
export async function startFrontDoor(options: FrontDoorOptions): Promise<FrontDoor> {
  if (options.upstreams.length === 0) throw new Error('startFrontDoor: no upstream');
  const nginx = nginxPath();
  const dir = mkdtempSync(path.join(tmpdir(), 'hs-front-door-'));
  // Run as root, nginx's workers drop to an unprivileged user: they must reach the temp folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const serverBlock = path.join(dir, 'nginx.conf');
  writeFileSync(serverBlock, serverBlockOnPort(readFileSync(SHIPPED_NGINX_CONF, 'utf8'), port));
  const config = path.join(dir, 'main.conf');
  const accessLogFile = options.accessLog ? path.join(dir, 'access.log') : undefined;
  writeFileSync(config, mainConfig(dir, options.upstreams, serverBlock, accessLogFile));
  // nginx writes each line as the request ends; read whatever is there.
  const accessLog = () =>
    accessLogFile && existsSync(accessLogFile)
      ? parseAccessLog(readFileSync(accessLogFile, 'utf8'))
      : [];
  const errorLogFile = path.join(dir, 'error.log');
  const errorLog = () => (existsSync(errorLogFile) ? readFileSync(errorLogFile, 'utf8') : '');

  // -e: the log nginx writes before it has read the config (its default is under /var/log).
  const child = spawn(nginx, ['-p', dir, '-c', config, '-e', errorLogFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = `nginx exited (${signal ?? `code ${String(code)}`}):\n${output}${errorLog()}`;
      resolve();
    });
  });
  const stop = async (): Promise<void> => {
    // SIGQUIT: graceful (requests in progress finish); SIGTERM then SIGKILL if that hangs.
    for (const signal of ['SIGQUIT', 'SIGTERM', 'SIGKILL'] as const) {
      if (exit !== undefined) break;
      child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitFor('nginx', () => answersTcp(port), { timeoutMs: 15_000, failed: () => exit });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${String(port)}`, errorLog, accessLog, close: stop };
}
