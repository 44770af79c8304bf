import os from 'node:os';

export interface Machine {
  os: string;
  cpus: number;
  cpuModel: string;
  totalMemoryGb: number;
  node: string;
}

export const machine = (): Machine => ({
  os: `${os.type()} ${os.release()}`,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
  totalMemoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
});

/** The 1, 5 and 15 minute load averages: what else the machine was doing during the run. */
export const loadAverage = (): number[] => os.loadavg().map((load) => Math.round(load * 100) / 100);
