// A file answer's `data` (a data URL, as the browser's FileReader makes it) back into its bytes, for
// pages that upload the file instead of sending the data URL (the host page, the server's form page).

/** The type and bytes of a `data:` URL (base64 or percent-encoded); the type is '' when it names none. */
export function decodeDataUrl(dataUrl: string): { type: string; bytes: Uint8Array } {
  const comma = dataUrl.indexOf(',');
  const head = comma < 0 ? dataUrl : dataUrl.slice(0, comma);
  const body = comma < 0 ? '' : dataUrl.slice(comma + 1);
  const type = /^data:([^;,]*)/i.exec(head)?.[1] ?? '';
  if (/;base64$/i.test(head)) {
    const binary = atob(body.replace(/\s/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return { type, bytes };
  }
  return { type, bytes: new TextEncoder().encode(decodeURIComponent(body)) };
}
