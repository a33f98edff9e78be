// A test that needs an optional part of the machine (PostgreSQL, the Claude Agent SDK, root for a
// tmpfs) skips with the reason where that part is missing, so `npm test` runs on a plain laptop. CI sets
// FORMREQUEST_TEST_REQUIRE_ALL=1 (.ci/run installs every part): there nothing may skip, so a missing
// part fails its file with the reason instead of passing unseen.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './cli.ts';

const AGENT_SDK = '@anthropic-ai/claude-agent-sdk';
const INSTALL_AGENT_SDK = `npm install --no-save ${AGENT_SDK}@0.3.330`;

/** `reason` as a test's `skip` option, or an error where every test must run. */
export function skipFor(reason: string | false | undefined | null): string | false {
  if (!reason) return false;
  if (process.env.FORMREQUEST_TEST_REQUIRE_ALL === '1')
    throw new Error(
      `${reason}\nFORMREQUEST_TEST_REQUIRE_ALL=1 is set: every test must run here, none may skip.`,
    );
  return reason;
}

/** The skip of a test that drives the Claude Agent SDK (an optional peer of the host). */
export async function skipWithoutAgentSdk(): Promise<string | false> {
  try {
    await import(AGENT_SDK);
    return false;
  } catch {
    return skipFor(`${AGENT_SDK} is not installed (optional peer, ~430 MB): ${INSTALL_AGENT_SDK}`);
  }
}

/** The Claude Code binary the Agent SDK ships (tests drive it in tmux and headless). */
export const CLAUDE_BINARY = resolve(
  repoRoot,
  'node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude',
);

/** The skip of a test that runs the Claude Code binary. */
export function skipWithoutClaudeBinary(): string | false {
  return skipFor(
    !existsSync(CLAUDE_BINARY) &&
      `the Claude Code binary ${CLAUDE_BINARY} is not installed (optional, ~430 MB): ${INSTALL_AGENT_SDK}`,
  );
}
