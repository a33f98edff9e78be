// Reads the `form_schema` argument as models actually send it: an object, or the same object as a
// JSON string (some clients stringify nested arguments). Anything else gets a message that says how
// to call the tool correctly.
import { isPlainObject } from '@formrequest/schema';

export type FormArgument = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

const SHAPE = '{"form_schema": {"title": "...", "fields": [...]}}';

export function readFormSchemaArgument(args: unknown): FormArgument {
  const raw = isPlainObject(args) ? args.form_schema : undefined;
  if (raw === undefined || raw === null) {
    return {
      ok: false,
      message: `エラー: form_schema が指定されていません。引数は ${SHAPE} の形で渡してください。`,
    };
  }
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return {
        ok: false,
        message: `エラー: form_schema の文字列を JSON として解析できません（${(error as Error).message}）。JSON オブジェクトをそのまま渡すか、正しい JSON 文字列を渡してください。`,
      };
    }
  }
  if (!isPlainObject(value)) {
    return {
      ok: false,
      message: `エラー: form_schema はオブジェクトでなければなりません（受け取った値: ${kindOf(value)}）。引数は ${SHAPE} の形で渡してください。`,
    };
  }
  return { ok: true, value };
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return '配列';
  if (value === null) return 'null';
  return typeof value === 'string'
    ? `文字列 ${JSON.stringify(value.slice(0, 40))}`
    : `${typeof value} ${String(value)}`;
}
