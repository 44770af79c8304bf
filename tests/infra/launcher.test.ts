import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { eventually } from '../support/poll';
import { childPids, commandLine, isAlive, processesMentioning } from '../support/processes';
import { spawnEntryPoint, type SpawnedProcess } from '../support/spawn-process';

/**
 * The README's first command in miniature: the launcher starts MongoDB, Redis, S3 and SMTP of its
 * own, then the API and the workers; Ctrl-C stops every one of them.
 */
describe('the local launcher (npm start)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-launcher-'));
  let launcher: SpawnedProcess | undefined;

  afterAll(() => {
    if (launcher?.child.pid) {
      try {
        process.kill(-launcher.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const pid of processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts everything, answers /readyz, restarts a crashed process, and leaves nothing behind after Ctrl-C', async () => {
    const port = await freePort();
    // Its own process group, as a terminal gives it, so the Ctrl-C below reaches only this tree.
    launcher = spawnEntryPoint(
      'infra/local/launch.ts',
      { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      { detached: true, args: ['start'] },
    );
    await launcher.waitForOutput(/Home Services is running/, 90_000);
    expect(launcher.output()).toContain(`Open:               http://localhost:${port}`);

    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      dependencies: {
        mongodb: { status: 'up' },
        redis: { status: 'up' },
        s3: { status: 'up' },
        smtp: { status: 'up' },
      },
    });

    const launcherPid = launcher.child.pid ?? 0;
    const children = childPids(launcherPid);
    const commands = children.map(commandLine).join('\n');
    expect(commands).toMatch(/mongod --dbpath/);
    expect(commands).toMatch(/redis-server/);
    expect(commands).toMatch(/api\/src\/main\.ts/);
    expect(commands).toMatch(/workers\/src\/main\.ts/);

    // A crash is not an outage: each process killed in turn comes back on its own.
    const base = `http://127.0.0.1:${port}`;
    const pidRunning = (script: RegExp) =>
      childPids(launcherPid).find((pid) => script.test(commandLine(pid)));
    const killed: number[] = [];
    const workersPid = pidRunning(/workers\/src\/main\.ts/) ?? 0;
    killed.push(workersPid);
    process.kill(workersPid, 'SIGKILL');
    await launcher.waitForOutput(/workers restarted \(pid \d+\)/, 30_000);
    expect(launcher.output()).toMatch(/workers exited unexpectedly \(SIGKILL\); restarting it/);
    // The API lived through it, and the new workers process does the work: a confirmation
    // email for a new subscription arrives in the development mailbox.
    const subscriber = `restarted-${String(Date.now())}@example.test`;
    const subscribed = await fetch(`${base}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: subscriber }),
    });
    expect(subscribed.status).toBeLessThan(300);
    await eventually(
      async () => expect(await (await fetch(`${base}/dev/mailbox`)).text()).toContain(subscriber),
      { timeoutMs: 60_000 },
    );

    const apiPid = pidRunning(/api\/src\/main\.ts/) ?? 0;
    killed.push(apiPid);
    process.kill(apiPid, 'SIGKILL');
    await launcher.waitForOutput(/api restarted \(pid \d+\)/, 30_000);
    await eventually(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200), {
      timeoutMs: 90_000,
    });
    expect(killed.filter(isAlive)).toEqual([]);
    expect(pidRunning(/api\/src\/main\.ts/)).not.toBe(apiPid);

    const afterRestarts = childPids(launcherPid);
    process.kill(-launcherPid, 'SIGINT');
    const { code } = await launcher.exited;
    expect(code).toBe(0);
    expect(launcher.output()).toContain('stopped; nothing left running');
    expect([...children, ...afterRestarts].filter(isAlive)).toEqual([]);
    expect(processesMentioning(dataDir)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 300_000);
});
