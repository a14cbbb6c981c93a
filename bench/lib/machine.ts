/** What the numbers were measured on. */
import os from 'node:os';

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  kernel: string;
  date: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: (cpus[0]?.model ?? 'unknown').replace(/\s+/g, ' ').trim(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

export function describeMachine(m: Machine): string {
  return `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB RAM, ${m.kernel}, Node ${m.node}`;
}

/** The load average (1 / 5 / 15 min) as the reports print it: other work on the machine when a run started. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
}
