// Preloaded into each test file's process by scripts/test.mjs: as the process exits, writes the CPU
// seconds it used, with those of the children it waited for (Chromium, tmux clients, spawned CLIs),
// to the file FORMREQUEST_TEST_CPU_FILE names. Linux only (/proc); elsewhere nothing is written.
import { readFileSync, writeFileSync } from 'node:fs';

const out = process.env.FORMREQUEST_TEST_CPU_FILE;
if (out && process.platform === 'linux') {
  process.on('exit', () => {
    try {
      // Fields after the command's ")" : utime stime cutime cstime are the 12th-15th (clock ticks, 100/s).
      const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
      writeFileSync(out, String(ticks / 100));
    } catch {
      // a number for the report only: never fail a test over it
    }
  });
}
