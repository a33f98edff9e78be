// The same resolution for esbuild bundles built from sources (the web bundle, the MCP Apps widget, the
// web benchmark): `@formrequest/*` entries and `#private` imports become the TypeScript they build from.
import { workspaceSource } from './workspace.mjs';

/** esbuild plugin; the conditions are esbuild's for the build's platform plus its `conditions`. */
export const workspaceSources = {
  name: 'workspace-sources',
  setup(build) {
    const { platform = 'browser', conditions = [] } = build.initialOptions;
    const active = [...conditions, platform === 'node' ? 'node' : 'browser', 'import'];
    build.onResolve({ filter: /^(?:#|@formrequest\/|formrequest(?:\/|$))/ }, (args) => {
      const path = workspaceSource(args.path, args.importer, active);
      return path ? { path } : undefined;
    });
  },
};
