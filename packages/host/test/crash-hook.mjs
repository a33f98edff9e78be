// The crash tests' seam into a host process they start: loaded with `--import <this file's URL>?at=POINT`
// (crashHookArgs in instances-support.ts), it listens to the host's checkpoints (src/runs/checkpoints.ts,
// a diagnostics channel) and kills the process with SIGKILL (kill -9: no cleanup, no flush) when the
// first attempt of a form answer's turn reaches POINT. Plain JavaScript, so that it loads into a host
// run from its sources or from dist alike. Production code never reads a crash point from anywhere.
import { subscribe } from 'node:diagnostics_channel';

const at = new URL(import.meta.url).searchParams.get('at');
if (at) {
  subscribe('formrequest:host:checkpoint', (message) => {
    const { point, answering, attempt } = message;
    if (point === at && answering && attempt <= 1) process.kill(process.pid, 'SIGKILL');
  });
}
