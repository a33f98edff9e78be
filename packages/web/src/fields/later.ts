// The field families a form loads when it has one of them: those that fetch (the catalog's `remote` and
// `remote[]` values: network.ts, with their loader) and the file field (file.ts, which reads files).
// Their work waits on the network or a file anyway, and most forms have none of them. The form is
// drawn once the families its fields need are here (familiesReady); a builder below hands each field to
// its family, or, where the family could not load, shows the field with its load error.
import { type FormField, valueKind } from '@formrequest/schema/core';
import { h } from '../dom.js';
import type { FieldBuilder, TypesOfKind } from '../types.js';
import { base, labelled } from './shell.js';

interface Families {
  network: typeof import('./network.js');
  file: typeof import('./file.js');
}
type Family = keyof Families;
const IMPORTS: { [K in Family]: () => Promise<Families[K]> } = {
  network: () => import('./network.js'),
  file: () => import('./file.js'),
};
/** The family of each value kind drawn by one (the others are drawn by modules loaded at once). */
const FAMILY: { [kind: string]: Family } = { remote: 'network', 'remote[]': 'network', file: 'file' };

const loaded: Partial<Families> = {};
const loading: { [K in Family]?: Promise<unknown> } = {};
const tried = new Set<Family>();

/** The loaded network family (its loader serves the form's requests). */
export const network = (): Families['network'] | undefined => loaded.network;

/** Undefined when every field can be built now; else the load of the families they need (once each). */
export function familiesReady(fields: unknown[]): Promise<unknown> | undefined {
  const wanted = new Set(
    fields.map((f) => FAMILY[valueKind(f as FormField)!]!).filter((k) => k && !tried.has(k)),
  );
  if (!wanted.size) return undefined;
  return Promise.all(
    [...wanted].map(
      (k) =>
        (loading[k] ??= IMPORTS[k]()
          .then((m) => {
            (loaded as Record<Family, unknown>)[k] = m;
          })
          .catch(() => {})
          .finally(() => tried.add(k))),
    ),
  );
}

/** The builder `name` of `family`, or the field with its load error where the family did not load. */
export const later =
  <T extends TypesOfKind<'remote' | 'remote[]' | 'file'>>(
    family: Family,
    name: 'autocomplete' | 'remoteSelect' | 'file',
  ): FieldBuilder<T> =>
  (f, ctx) => {
    const build = (loaded[family] as Record<string, FieldBuilder<T>> | undefined)?.[name];
    if (build) return build(f, ctx);
    const input = h('input', { ...base(f, ctx.id), disabled: true });
    return {
      el: labelled(f, ctx.id, input, h('div', { class: 'fr-hint' }, ctx.say('loadError'))),
      controls: [input],
    };
  };
