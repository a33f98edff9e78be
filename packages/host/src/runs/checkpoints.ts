// The steps of a turn where a crash matters most, announced on a diagnostics channel (node:diagnostics_channel)
// that nothing in the host listens to. The crash tests load a hook into the host process they start
// (test/crash-hook.ts, with --import) that subscribes and kills the process (kill -9) at the step it
// was given, on the first attempt of a form answer's turn; that is how every crash point is tested
// without any switch in production code. With no subscriber, announcing costs one property read.
import { channel } from 'node:diagnostics_channel';

export type Checkpoint =
  /** The answer was checked; the turn is about to be committed. */
  | 'answer-before-commit'
  /** The turn (the answer and its queued run) is committed; nothing else happened yet. */
  | 'answer-after-commit'
  /** The agent's first event of this attempt is stored. */
  | 'agent-started'
  /** The agent is done; its end is not stored yet. */
  | 'agent-finished'
  /** The run's end is stored. */
  | 'run-finished';

export interface CheckpointMessage {
  point: Checkpoint;
  conversationId: string;
  runId: string;
  /** Whether the turn carries a form answer. */
  answering: boolean;
  /** Which start of the run this is (0: the run has not started yet). */
  attempt: number;
}

const checkpoints = channel('formrequest:host:checkpoint');

export function checkpoint(message: CheckpointMessage): void {
  if (checkpoints.hasSubscribers) checkpoints.publish(message);
}
