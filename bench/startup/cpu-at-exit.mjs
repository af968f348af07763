// Preloaded with --import by bench/startup.ts: writes the CPU time (user + system, ms) the process used
// until it exited to file descriptor 3. An exit handler cannot await, so fs is imported up front.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  const usage = process.cpuUsage();
  writeSync(3, `${(usage.user + usage.system) / 1000}\n`);
});
