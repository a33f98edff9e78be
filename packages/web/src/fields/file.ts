// file: a drop zone with a button in the form's language (the browser's own file button stays hidden but
// labelled, so the label and assistive technology still reach it), the accepted types and the size limit
// said up front, and the chosen files listed with name, size and a remove button. accept and maxSize are
// checked on the file's metadata BEFORE anything is read, and a refused file is named with its size;
// only files that pass are read, as base64 data URLs. Value: {name, type, size, data}, or an array with
// `multiple`. This module is loaded on demand, with its words (`later` of the catalog).
import { formatBytes } from '@formrequest/schema/core';
import { format, laterWords } from '@formrequest/schema/messages';
import { h, on, styled } from '../dom.js';
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
  const words = laterWords(ctx.locale);
  const input = h('input', {
    ...base(f, ctx.id),
    type: 'file',
    accept: f.accept,
    multiple: !!f.multiple,
    tabindex: '-1',
  });
  // Out of sight, not out of the page: the label still opens it and a drop still lands in the zone.
  styled(input, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    opacity: '0',
    overflow: 'hidden',
    pointerEvents: 'none',
  });
  const choose = h(
    'button',
    { type: 'button', class: 'fr-chip', 'aria-describedby': `${ctx.id}-c` },
    f.multiple ? words.chooseFiles : words.chooseFile,
  );
  const size = typeof f.maxSize === 'number' ? formatBytes(f.maxSize) : undefined;
  const accept = f.accept?.split(',').join(', ');
  const limits =
    accept && size
      ? format(words.limits, { accept, size })
      : accept
        ? format(words.anySize, { accept })
        : size
          ? format(words.maxSizeOnly, { size })
          : '';
  const zone = styled(
    h(
      'div',
      { class: 'fr-in fr-row' },
      input,
      choose,
      h('span', { class: 'fr-hint' }, words.dropFile),
      limits ? h('span', { class: 'fr-hint' }, `(${limits})`) : null,
    ),
    { position: 'relative', borderStyle: 'dashed', flexWrap: 'wrap', rowGap: '4px' },
  );
  const list = h('ul', { class: 'fr-chips' });
  let chosen: FileValue[] = [];
  const shape = (files: FileValue[]) => (f.multiple ? files : files[0]);
  let seq = 0; // a read still running when another choice is made must not overwrite that choice

  const draw = () =>
    list.replaceChildren(
      ...chosen.map((file, i) => {
        const text = format(words.fileEntry, { name: file.name, size: formatBytes(file.size) });
        const x = h(
          'button',
          { type: 'button', class: 'fr-x', 'aria-label': ctx.say('remove', { item: file.name }) },
          '×',
        );
        on(x, 'click', () => {
          seq++;
          chosen = chosen.filter((_, j) => j !== i);
          draw();
          ctx.set(chosen.length ? shape(chosen) : undefined);
          choose.focus();
        });
        return h('li', { class: 'fr-chip' }, h('span', null, text), x);
      }),
    );

  const take = (files: File[]) => {
    const mine = ++seq;
    input.value = '';
    if (!files.length) return;
    if (!f.multiple) {
      // A new choice replaces a single file at once: nothing chosen before stays while it is checked.
      chosen = [];
      draw();
      ctx.set(undefined);
    }
    // A new choice adds to a `multiple` field's files and replaces a single one.
    const kept = f.multiple ? chosen.filter((c) => !files.some((x) => x.name === c.name)) : [];
    const meta = files.map((x) => ({ name: x.name, type: x.type, size: x.size, data: 'data:' }));
    // The same check the answer gets, on metadata only: an oversized or wrong-type file is never read.
    const refused = ctx.problem(shape([...kept, ...meta]));
    if (refused) {
      // A file over the limit is named with its size (the largest of the new files).
      const file = [...meta].sort((a, b) => b.size - a.size)[0]!;
      const max = typeof f.maxSize === 'number' ? f.maxSize : Number.POSITIVE_INFINITY;
      const own = formatBytes(file.size);
      // Just over the limit, "1 MB" twice would not tell them apart: then the bytes.
      const size = own === formatBytes(max) ? `${file.size} B` : own;
      ctx.fail(
        file.size > max ? format(words.refusedFile, { message: refused, name: file.name, size }) : refused,
      );
      return;
    }
    const job = Promise.all(files.map(read)).then(
      (data) => {
        if (mine !== seq) return;
        chosen = [...kept, ...meta.map((m, i) => ({ ...m, data: data[i]! }))];
        draw();
        ctx.set(shape(chosen));
      },
      () => mine === seq && ctx.fail(ctx.say('badValue', { label: f.label ?? f.name })),
    );
    ctx.wait(job);
  };

  on(input, 'change', () => take([...(input.files ?? [])]));
  on(choose, 'click', () => input.click());
  on(zone, 'dragover', (e) => {
    e.preventDefault();
    zone.style.borderColor = 'var(--_accent)';
  });
  on(zone, 'dragleave', () => {
    zone.style.borderColor = '';
  });
  on(zone, 'drop', (e) => {
    e.preventDefault();
    zone.style.borderColor = '';
    const files = [...((e as DragEvent).dataTransfer?.files ?? [])];
    take(f.multiple ? files : files.slice(0, 1));
  });
  return { el: labelled(f, ctx.id, zone, list), controls: [choose, input] };
};
