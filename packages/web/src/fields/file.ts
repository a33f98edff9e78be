// file: accept and maxSize are checked on the file's metadata BEFORE anything is read; only files that
// pass are read, as base64 data URLs. Value: {name, type, size, data}, or an array with `multiple`.
import { h, on } from '../dom.js';
import type { FieldBuilder } from '../types.js';
import { base, labelled } from './shell.js';

type FileValue = { name: string; type: string; size: number; data: string };

function read(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export const file: FieldBuilder<'file'> = (f, ctx) => {
  const input = h('input', { ...base(f, ctx.id), type: 'file', accept: f.accept, multiple: !!f.multiple });
  const shape = (list: FileValue[]) => (f.multiple ? list : list[0]);
  let seq = 0; // a read still running when another choice is made must not overwrite that choice
  on(input, 'change', () => {
    const mine = ++seq;
    const files = [...(input.files ?? [])];
    const meta = files.map((x) => ({ name: x.name, type: x.type, size: x.size, data: 'data:' }));
    // The same check the answer gets, on metadata only: an oversized or wrong-type file is never read.
    const refused = meta.length ? ctx.problem(shape(meta)) : null;
    if (refused) {
      input.value = '';
      ctx.set(undefined);
      ctx.fail(refused);
      return;
    }
    if (!files.length) return ctx.set(undefined);
    const job = Promise.all(files.map(read)).then(
      (data) => mine === seq && ctx.set(shape(meta.map((m, i) => ({ ...m, data: data[i] })))),
      () => mine === seq && ctx.fail(ctx.say('badValue', { label: f.label ?? f.name })),
    );
    ctx.wait(job);
  });
  return { el: labelled(f, ctx.id, input), controls: [input] };
};
