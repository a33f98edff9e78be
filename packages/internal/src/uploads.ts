// What a server believes about an upload is what it measured, never what the client said: the size is
// the bytes received, the type is detected from the content (file-type's magic numbers) or, for
// formats without one (text, CSV, JSON…), taken from the name; the name is cleaned of paths and
// control characters. A field's `accept` must fit both the name and, when the content was recognised,
// the content: a Windows program renamed invoice.pdf is not a PDF. The form page of @formrequest/server
// and @formrequest/host both measure uploads with these (`file-type` and `mrmime`: peers they install).
import { acceptsFile } from '@formrequest/schema';
import { fileTypeFromBuffer } from 'file-type';
import { lookup } from 'mrmime';

export interface UploadFacts {
  name: string;
  type: string;
  size: number;
  /** What the content was recognised as, if anything. */
  detected?: { ext: string; mime: string };
}

const MAX_NAME_BYTES = 255;
const TEXT_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  log: 'text/plain',
  tsv: 'text/tab-separated-values',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/**
 * A file name safe to store and show: the last path segment, no control or bidi-control characters,
 * NFC, at most 255 UTF-8 bytes (the extension kept). Undefined when nothing is left.
 */
export function cleanFileName(raw: string): string | undefined {
  let name = raw
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  name = name.split(/[\\/]/).pop()!.trim();
  if (name === '' || name === '.' || name === '..') return undefined;
  const encoder = new TextEncoder();
  if (encoder.encode(name).length > MAX_NAME_BYTES) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    let stem = Array.from(name.slice(0, name.length - ext.length));
    while (encoder.encode(stem.join('') + ext).length > MAX_NAME_BYTES) stem = stem.slice(0, -1);
    name = stem.join('') + ext;
  }
  return name;
}

/** The type a name suggests (by its extension), or undefined. */
export function typeFromName(name: string): string | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!ext) return undefined;
  return TEXT_TYPES[ext] ?? lookup(ext);
}

/** Measures an upload: real size, detected type, cleaned name. */
export async function uploadFacts(name: string, data: Uint8Array): Promise<UploadFacts> {
  const detected = await fileTypeFromBuffer(data).catch(() => undefined);
  return {
    name,
    size: data.byteLength,
    type: detected?.mime ?? typeFromName(name) ?? 'application/octet-stream',
    detected: detected ? { ext: detected.ext, mime: detected.mime } : undefined,
  };
}

/**
 * Why the file does not fit the field's `accept`, or undefined when it does: by name or type as the
 * browser checks, and by what the content really is.
 */
export function acceptProblem(accept: string | undefined, facts: UploadFacts): string | undefined {
  if (!accept?.trim()) return undefined;
  if (!acceptsFile(accept, { name: facts.name, type: facts.type })) {
    return `"${facts.name}" (${facts.type}) is not one of the types this field takes: ${accept}.`;
  }
  if (
    facts.detected &&
    !acceptsFile(accept, { name: `file.${facts.detected.ext}`, type: facts.detected.mime })
  ) {
    return `The content of "${facts.name}" is ${facts.detected.mime} (.${facts.detected.ext}), which this field does not take (${accept}), whatever its name says.`;
  }
  return undefined;
}
