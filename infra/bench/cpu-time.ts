import { readFileSync } from 'node:fs';
import type { LoadProduct } from '../load/load-product';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ) on every platform Node supports. */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user and system), from /proc; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    // The command name may hold spaces: the fields that follow it come after its ')'.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export type CpuSeconds = Record<string, number>;

/** Named groups of processes whose CPU time is counted together. */
export type Processes = Record<string, readonly number[]>;

const pidsOf = (pid: number | undefined): number[] => (pid === undefined ? [] : [pid]);

/** The local services the product runs on (MongoDB, Redis), which its floors write to as well. */
export function serviceProcesses(product: LoadProduct): Processes {
  const processes: Processes = {};
  for (const service of product.services) {
    if (service.pids.length > 0) processes[service.name] = service.pids;
  }
  return processes;
}

/** The product's own processes and the local services it runs on. */
export function productProcesses(product: LoadProduct): Processes {
  return {
    api: pidsOf(product.api.child.pid),
    workers: pidsOf(product.workers.child.pid),
    ...serviceProcesses(product),
  };
}

function snapshot(processes: Processes): CpuSeconds {
  const usage = process.cpuUsage();
  const seconds: CpuSeconds = {
    // The load generator, the SMTP sink, the nodemailer baselines and the embedded S3 server.
    bench: (usage.user + usage.system) / 1e6,
  };
  for (const [name, pids] of Object.entries(processes)) {
    seconds[name] = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  }
  return seconds;
}

/**
 * Where the CPU went while something ran, process by process: on a machine of two cores, what
 * each stage costs decides the throughput more than any wait does.
 */
export function measureCpu(processes: Processes): { stop(): CpuSeconds } {
  const start = snapshot(processes);
  return {
    stop() {
      const end = snapshot(processes);
      return Object.fromEntries(
        Object.entries(end).map(([name, seconds]) => [
          name,
          Math.round((seconds - (start[name] ?? 0)) * 100) / 100,
        ]),
      );
    },
  };
}

/** Milliseconds of CPU per request or message, process by process, and in all. */
export function cpuMsPer(cpu: CpuSeconds, units: number): Record<string, number> {
  const total = Object.values(cpu).reduce((sum, seconds) => sum + seconds, 0);
  return Object.fromEntries(
    Object.entries({ ...cpu, total }).map(([name, seconds]) => [
      name,
      units > 0 ? Math.round((seconds * 1000 * 100) / units) / 100 : 0,
    ]),
  );
}

/** 'api 1.10, workers 0.93, ... (total 2.9)' ms per unit, the busiest first. */
export function describeCpuPer(cpu: CpuSeconds, units: number): string {
  const { total = 0, ...each } = cpuMsPer(cpu, units);
  const parts = Object.entries(each)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`);
  return `${parts.join(', ')} (total ${total.toFixed(2)})`;
}
