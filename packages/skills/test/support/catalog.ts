// Catalog parts from plain objects, as a test writes them: a tool, or a server checked like any other.
import {
  type CatalogServer,
  type CatalogTool,
  checkCatalog,
  fromJs,
  type Mapping,
} from '@formrequest/skills';

export function toolOf(plain: Record<string, unknown>): CatalogTool {
  return { name: plain.name as string, data: fromJs(plain) as Mapping };
}

export function serverOf(plain: Record<string, unknown>): CatalogServer {
  const checked = checkCatalog({ servers: [{ status: 'online', ...plain }] });
  const server = checked.servers[0];
  if (!server) throw new Error(`not a usable server: ${JSON.stringify(checked.broken[0]?.defects)}`);
  return server;
}
