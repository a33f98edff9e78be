// Fault suite: PostgreSQL restarted (pg_ctl -m immediate: the server dies at once, as on a crash) while
// two real `formrequest demo` instances take turns on a throwaway cluster. Both stay up, every turn
// the host accepted (and every run in the database) finishes exactly once, and the requests cut by
// the restart are sent again with their Idempotency-Key and counted once. The counts go to
// docs/benchmarks.md ("Fault suite").
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { type Cluster, clusterUnavailable, startCluster } from '../../../testing/pg-cluster.ts';
import { skipFor } from '../../../testing/skips.ts';
import { call } from './helpers.js';
import { type Instance, startInstance, stopInstance } from './instances-support.js';

const skip = skipFor(clusterUnavailable());
if (skip) console.log(`# ${skip}`);

describe('PostgreSQL restarted under load', { skip }, () => {
  let cluster: Cluster | undefined;
  after(() => cluster?.stop());

  test('pg_ctl -m immediate restart mid-load: both instances alive, every started turn finished exactly once', async () => {
    cluster = await startCluster();
    const db = cluster.url;
    let instances: Instance[] = [];
    try {
      // A small pool: the load waits for connections, as on a busy machine.
      const env = { FORMREQUEST_DB_POOL: '4,2000' };
      instances = await Promise.all([0, 1].map(() => startInstance(db, { env })));
      const accepted: string[] = [];
      const refused: Record<string, number> = {};
      let stop = false;
      let n = 0;
      // Each turn carries an Idempotency-Key and is sent again (same key) until it is accepted, as a
      // client behind a load balancer would after a 503 or a cut connection: none may count twice.
      const worker = async (w: number) => {
        while (!stop) {
          const message = n % 2 === 0 ? 'Create a new project' : `hello ${w} ${n}`;
          const key = randomUUID();
          for (let tries = 0; tries < 50; tries++) {
            const instance = instances[n++ % 2];
            try {
              const { status, json } = await call(
                instance,
                'POST',
                '/api/execute',
                { message },
                {
                  'Idempotency-Key': key,
                },
              );
              if (status === 202) {
                accepted.push(json.runId);
                break;
              }
              refused[`${status} ${json.code}`] = (refused[`${status} ${json.code}`] ?? 0) + 1;
            } catch (error) {
              refused[(error as Error).message] = (refused[(error as Error).message] ?? 0) + 1;
            }
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      // Load first (however slow the machine), then the restart in the middle of it, then more load.
      const waitFor = async (count: number, what: string) => {
        const deadline = Date.now() + 30_000;
        while (accepted.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        assert.ok(
          accepted.length >= count,
          `${what} (${accepted.length}; refused: ${JSON.stringify(refused)})`,
        );
      };
      await waitFor(30, 'turns were taken before the restart');
      const before = accepted.length;
      await cluster.restart('immediate');
      await waitFor(before + 30, 'turns were taken after the restart');
      stop = true;
      await load;

      for (const instance of instances) {
        assert.equal(instance.child.exitCode, null, `instance alive:\n${instance.log()}`);
        const health = await call(instance, 'GET', '/api/health');
        assert.equal(health.status, 200, JSON.stringify(health.json));
      }

      const admin = new pg.Client({ connectionString: db });
      await admin.connect();
      try {
        // Every run ends (the instances finish what the restart cut), each with one result.
        const deadline = Date.now() + 40_000;
        let open = -1;
        while (Date.now() < deadline) {
          const { rows } = await admin.query(
            "SELECT count(*)::int AS n FROM formrequest.runs WHERE status IN ('queued', 'running')",
          );
          open = rows[0].n;
          if (open === 0) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        assert.equal(open, 0, 'no run is left unfinished');
        const { rows: runs } = await admin.query(`
          SELECT r.id, r.status, r.attempts,
            (SELECT count(*)::int FROM formrequest.events e WHERE e.run_id = r.id AND e.name = 'result') AS results,
            (SELECT count(*)::int FROM formrequest.events e WHERE e.run_id = r.id AND e.name = 'user_message') AS messages
          FROM formrequest.runs r`);
        const byId = new Map(runs.map((r) => [r.id, r]));
        for (const runId of accepted) {
          const run = byId.get(runId);
          assert.ok(run, `accepted run ${runId} is stored`);
          assert.equal(run.status, 'done', `run ${runId} finished: ${JSON.stringify(run)}`);
        }
        const wrong = runs.filter((r) => r.results !== 1 || r.messages !== 1 || r.status !== 'done');
        assert.deepEqual(wrong, [], 'every run: done, one message, one result');
        assert.equal(new Set(accepted).size, accepted.length, 'no turn accepted twice');
        assert.equal(
          runs.length,
          accepted.length,
          'no run beyond the accepted turns (retries doubled nothing)',
        );
        const replayed = runs.filter((r) => r.attempts > 1).length;
        console.log(
          `# fault pg-restart: ${accepted.length} turns accepted (${before} before the restart), ${runs.length} runs stored, ${replayed} run again after the cut, refused: ${JSON.stringify(refused)}`,
        );
      } finally {
        await admin.end();
      }
    } finally {
      await Promise.all(instances.map((i) => stopInstance(i)));
    }
  });
});
