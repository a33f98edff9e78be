// Request bodies on every HTTP surface: a size limit (declared or streamed) that answers 413 and drops
// the socket, and a JSON reader that refuses other types, bad JSON and nesting past a depth.
import { nestsDeeperThan } from '@formrequest/schema';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { HttpError } from './http-error.js';

/** How a surface words a body over the limit (default: `body_too_large`, the limit in bytes). */
export type TooLarge = (limit: number) => HttpError;

const tooLargeDefault: TooLarge = (limit) =>
  new HttpError(413, 'body_too_large', `The request body is larger than the limit of ${limit} bytes.`, {
    limit,
  });

/** The middleware: a body larger than `max` bytes is refused (thrown as the HttpError `tooLarge` makes). */
export function bodyLimit(max: number, tooLarge: TooLarge = tooLargeDefault): MiddlewareHandler {
  return honoBodyLimit({
    maxSize: max,
    onError: (c) => {
      // The rest of the body stays unread and the socket is dropped: the client must not reuse it.
      c.header('Connection', 'close');
      throw tooLarge(max);
    },
  });
}

/** The raw body, at most `max` bytes (a limit known only once the route has read its request). */
export async function readBytes(
  c: Context,
  max: number,
  tooLarge: TooLarge = tooLargeDefault,
): Promise<Uint8Array> {
  let data: Uint8Array | undefined;
  await bodyLimit(max, tooLarge)(c, async () => {
    data = new Uint8Array(await c.req.arrayBuffer());
  });
  return data!;
}

/** The body as JSON: 415 for another type, 400 for bad JSON or nesting past `maxDepth`. */
export async function readJson(request: Request, maxDepth: number): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!isJsonType(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send the body as JSON with Content-Type: application/json (got ${type ? `"${type}"` : 'none'}).`,
    );
  }
  const text = await request.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, 'bad_json', `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (nestsDeeperThan(value, maxDepth)) {
    throw new HttpError(
      400,
      'bad_json',
      `The body nests objects and arrays more than ${maxDepth} levels deep; send a flatter body.`,
    );
  }
  return value;
}

/** `application/json`, optionally with `charset=utf-8`; nothing else (not `text/plain; application/json`). */
export function isJsonType(header: string): boolean {
  const [type, ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => p === '' || p.replace(/\s*=\s*/, '=').replace(/"/g, '') === 'charset=utf-8');
}
