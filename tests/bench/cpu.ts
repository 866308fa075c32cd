// CPU accounting for a measured window (Linux /proc): how much CPU the server process and its
// PostgreSQL backends spent per request, and how busy the rest of the machine was meanwhile —
// other work on a shared 2-core machine changes latencies, CPU time per request much less.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {
  // keep the usual 100
}

/** A process and its descendants (the web processes `npm start` forks; docs/decisions/web-processes.md). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone, or no /proc
  }
  return [pid, ...children.flatMap(processTree)];
}

/** utime + stime of a process and its live descendants in ms (0 when it is gone or /proc is unavailable). */
export function processCpuMs(pid: number | undefined) {
  if (!pid) return 0;
  let ms = 0;
  for (const one of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${one}/stat`, "utf8");
      // Fields after the command name (which may contain spaces) start at state (field 3).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

/** Busy CPU time of the whole machine in ms (all cores), from /proc/stat. */
export function machineBusyMs() {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

export type CpuWindow = { serverMs: number; dbMs: number; selfMs: number; machineMs: number; elapsedMs: number };

/** Starts a window; the returned function ends it. `dbPids` are re-read at the end (new backends count from 0). */
export function cpuWindow(serverPid: number | undefined, dbPids: () => Promise<number[]>) {
  const startedAt = performance.now();
  const server0 = processCpuMs(serverPid);
  const machine0 = machineBusyMs();
  const self0 = process.cpuUsage();
  const db0 = new Map<number, number>();
  const ready = dbPids().then((pids) => {
    for (const pid of pids) db0.set(pid, processCpuMs(pid));
  });
  return async (): Promise<CpuWindow> => {
    await ready;
    const elapsedMs = performance.now() - startedAt;
    const self = process.cpuUsage(self0);
    const serverMs = processCpuMs(serverPid) - server0;
    const machineMs = machineBusyMs() - machine0;
    let dbMs = 0;
    for (const pid of await dbPids()) dbMs += processCpuMs(pid) - (db0.get(pid) ?? 0);
    return { serverMs, dbMs, selfMs: (self.user + self.system) / 1000, machineMs, elapsedMs };
  };
}
