/**
 * A process's CPU as Linux's /proc tells it, for the benchmarks: its CPU time,
 * the same by thread group, and how long its main thread waited for a core.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ of /proc/PID/stat on Linux. */
const CLOCK_TICKS = 100;

/** The server's threads, grouped by what they do (their names in /proc): where a page's CPU goes. */
const THREAD_GROUPS: Array<[group: string, name: RegExp]> = [
  ['main', /^MainThread$|^node$/],
  ['workers', /^WorkerThread$/], // the page renders' API thread and the compression worker
  ['V8 helpers', /^V8Worker$/], // mostly garbage collection
];

/**
 * How long the main thread (the renders') has waited, runnable, for a core so
 * far, in ms: the second field of /proc/PID/task/PID/schedstat (nanoseconds).
 */
export function mainThreadWaitMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0; // a kernel without schedstats: the figure reads 0
  }
}

/**
 * The server's CPU time so far (user + system, /proc/PID/stat), in ms: per
 * request it is what a page costs, less moved by other work than req/s and
 * latency, which depend on the cores left to the server (a shared machine's
 * own speed still moves it: 2.0 to 3.3 ms for one page within an hour).
 */
export function cpuMsOf(pid: number): number {
  return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** User + system time of a /proc stat line, in ms (the fields after the command name, which may hold spaces). */
function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * The server's CPU time so far per thread group (THREAD_GROUPS, else 'other'),
 * in ms, from /proc/PID/task. On two cores every thread takes from the same
 * two, so a page costs what all of them spend; this says which spends it.
 */
export function threadCpuMsOf(pid: number): Map<string, number> {
  const groups = new Map<string, number>([...THREAD_GROUPS.map(([group]) => [group, 0] as [string, number]), ['other', 0]]);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const group = THREAD_GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
    groups.set(group, groups.get(group)! + statCpuMs(stat));
  }
  return groups;
}
