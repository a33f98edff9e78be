// The part of a callable skill that lets an agent call the tools without the MCP server attached: the
// server's launch recorded in mcp.json (references only, never values: launch.ts) and the SKILL.md
// section that documents the command, `npx -y formrequest@<version> call <skill-folder> <tool> '<json>'`.
import type { CatalogServer } from './catalog.js';
import { LAUNCH_FILE, type Launch, launchFileText } from './launch.js';
import { packageVersion } from './version.js';

/** The command a skill documents, pinned to the version that wrote it (same skill, same program). */
export const callCommand = (): string => `npx -y formrequest@${packageVersion()} call`;

/** mcp.json of a callable skill. */
export function launchFile(
  skillName: string,
  server: CatalogServer,
  launch: Launch,
): { path: string; content: string } {
  return { path: `${skillName}/${LAUNCH_FILE}`, content: launchFileText(server.id, launch) };
}

/** Which environment variables the server needs from whoever calls it, by name. */
function needs(launch: Launch): string[] {
  const values =
    launch.type === 'stdio'
      ? [...Object.values(launch.env), ...launch.args, launch.command]
      : [launch.url, ...Object.values(launch.headers)];
  const names = new Set<string>();
  for (const value of values)
    for (const m of value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g)) names.add(m[1]!);
  return [...names];
}

/** The SKILL.md section: when and how to call a tool from the command line. */
export function callSection(toolPrefix: string, launch: Launch): string[] {
  const started =
    launch.type === 'stdio'
      ? `starts the MCP server as [${LAUNCH_FILE}](${LAUNCH_FILE}) records it (\`${[launch.command, ...launch.args].join(' ')}\`), calls the tool once and stops the server`
      : `calls the tool once on the MCP server at ${launch.url} ([${LAUNCH_FILE}](${LAUNCH_FILE}))`;
  const variables = needs(launch);
  return [
    '## Calling a tool without the server attached',
    '',
    `When the \`${toolPrefix}<tool>\` tools are not available to you, run the tool from a shell. This command ${started}:`,
    '',
    '```sh',
    `${callCommand()} <skill-folder> <tool> '<arguments as JSON>'`,
    '```',
    '',
    '- `<skill-folder>`: the folder of this SKILL.md. `<tool>`: a tool name from the list below.',
    "- The arguments: one JSON object with the tool's parameters (`'{}'` when it takes none). Give `-` instead to pass them on standard input (for JSON that holds a `'`).",
    "- The arguments are checked against the tool's input schema before anything is sent: a wrong one exits with code 2 and a line per problem (`arguments.<name>: …`).",
    "- Output: the tool's structured result as JSON, else its text. A tool error exits with code 1 and the server's message; a server that cannot start exits with code 2 and says why.",
    ...(variables.length > 0
      ? [
          `- The server needs the environment variable${variables.length === 1 ? '' : 's'} ${variables.map((v) => `\`${v}\``).join(', ')} to be set where you run the command.`,
        ]
      : []),
    '',
  ];
}
