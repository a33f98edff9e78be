// The lines that tell a person which servers were left out and why (printed on stderr by the CLI).
import type { CheckedCatalog } from './catalog.js';

/** At most this many defects are listed per server; the rest are counted. */
const MAX_DEFECTS_SHOWN = 20;

export function skippedReport(checked: CheckedCatalog, selected?: Set<string>): string[] {
  const lines: string[] = [];
  const wanted = (id: string) => !selected || selected.has(id);
  for (const s of checked.inactive) {
    if (wanted(s.id)) lines.push(`skipped server '${s.id}' (servers[${s.index}]): ${s.reason}`);
  }
  for (const s of checked.broken) {
    if (!wanted(s.id)) continue;
    lines.push(
      `skipped server '${s.id}' (servers[${s.index}]): ${s.defects.length} defect${s.defects.length === 1 ? '' : 's'}`,
    );
    for (const d of s.defects.slice(0, MAX_DEFECTS_SHOWN)) lines.push(`  ${d.path}: ${d.message}`);
    if (s.defects.length > MAX_DEFECTS_SHOWN)
      lines.push(`  … and ${s.defects.length - MAX_DEFECTS_SHOWN} more`);
  }
  return lines;
}
