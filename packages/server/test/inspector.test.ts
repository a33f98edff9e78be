// The MCP Inspector's CLI mode (`inspector --cli`, package @modelcontextprotocol/inspector-cli, the same
// code the full Inspector runs for --cli) against the real `formrequest serve`, over stdio and HTTP.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formRequestText, validateFormSchema } from '@formrequest/schema';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { cliCommand } from '../../../testing/cli.ts';
import { assertRequestFormTool, exampleForm, MISSING_NAME_FORM, SEED_MISSING_NAME } from './support.ts';

const inspector = fileURLToPath(import.meta.resolve('@modelcontextprotocol/inspector-cli'));
// The Inspector finds its own package.json through `../package.json` relative to the working directory,
// so it must run one level below a folder that has one (this test folder qualifies).
const cwd = import.meta.dirname;

async function inspect(options: string[], target: string[]): Promise<any> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [inspector, '--cli', ...options, '--', ...target],
    {
      cwd,
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout);
}

const [node, serveArgs] = cliCommand('serve', '--host-renders-forms');
const stdioTarget = [node, ...serveArgs];
const schema = exampleForm('example1-project.json');
/** The Inspector CLI arguments of a tools/call of request_form with `form`. */
const callRequestForm = (form: unknown) => [
  '--tool-arg',
  `form_schema=${JSON.stringify(form)}`,
  '--tool-name',
  'request_form',
  '--method',
  'tools/call',
];

test('Inspector CLI over stdio: tools/list', async () => {
  const listed = await inspect(['--method', 'tools/list'], stdioTarget);
  assertRequestFormTool(listed.tools.find((t: any) => t.name === 'request_form'));
});

test('Inspector CLI over stdio: tools/call with a seed form and with a broken one', async () => {
  const ok = await inspect(callRequestForm(schema), stdioTarget);
  const checked = validateFormSchema(schema);
  assert.equal(ok.content[0].text, formRequestText(checked.schema!));
  assert.deepEqual(ok._metadata, {
    type: 'form_request',
    schema: checked.schema,
    status: 'waiting_for_input',
  });
  const bad = await inspect(callRequestForm(MISSING_NAME_FORM), stdioTarget);
  assert.equal(bad.isError, true);
  assert.equal(bad.content[0].text, SEED_MISSING_NAME);
});

let http: RunningHttpServer;
before(async () => {
  // A host that renders the tool call (seed 000's conversation mode) declares it.
  http = await startHttpServer({ port: 0, config: { hostRendersForms: true } });
});
after(async () => {
  await http?.close();
});

test('Inspector CLI over Streamable HTTP: tools/call', async () => {
  const ok = await inspect(callRequestForm(schema), [http.url]);
  assert.equal(ok._metadata.type, 'form_request');
  assert.equal(ok.structuredContent.status, 'waiting_for_input');
});
