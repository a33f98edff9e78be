// What the vocabulary offers for a property it does not take: the habits models bring from JSON Schema
// (`format`, `enum`, `minimum`, `properties`), rjsf (`ui:widget`), SurveyJS (`inputType`, `visibleIf`,
// `hasOther`, `minValue`) and HTML inputs (`multiple`, `min`/`max` on text, `placeholder`, `readonly`),
// each with the type or property that does it here. The warning about an unknown property ends with it
// (schema-messages.ts), so the model learns the vocabulary's way in the same turn. Tables and one
// lookup only; a property another type takes is named by the generic rule at the end.
import { foldName, TYPE_SUGGESTIONS, typeOfSpelling } from './aliases.js';
import { FIELD_CATALOG, FIELD_TYPES, type FieldType, FORM_PROPS } from './catalog.js';
import type { Locale } from './types.js';

type Say = { en: string; ja: string };
/** A hint for a property on a field of `type` with `value`, or undefined when it has none to give. */
type Rule = (type: FieldType, value: unknown) => Say | undefined;

const TEXT_LIKE = new Set<string>(['text', 'textarea']);
const CHOICE_ONE = new Set<string>(['select', 'radio']);
/** Patterns for the answer formats models ask JSON Schema for, each checkable by the pattern engine. */
const EMAIL = '^[^@\\\\s]+@[^@\\\\s]+\\\\.[^@\\\\s]+$';
const URL = '^https?://\\\\S+$';
const TEL = '^\\\\+?[0-9][0-9 ()-]{5,19}$';
const TIME = '^([01]\\\\d|2[0-3]):[0-5]\\\\d$';
const COLOR = '^#[0-9A-Fa-f]{6}$';

const pattern = (p: string, what: Say): Say => ({
  en: `A text field checks ${what.en} with "pattern": "${p}" (and "patternError" for the message).`,
  ja: `${what.ja}は text の "pattern": "${p}"（メッセージは "patternError"）で検査できます。`,
});
const useType = (type: string, why?: Say): Say => ({
  en: `Use "type": "${type}"${why ? ` ${why.en}` : ''}.`,
  ja: `"type": "${type}" を使ってください${why ? `（${why.ja}）` : ''}。`,
});

/** What a `format` / `inputType` / `ui:widget` value asks for. */
function formatHint(value: unknown, field: FieldType): Say | undefined {
  if (typeof value !== 'string') return undefined;
  // A display format on a date (`YYYY/MM/DD`): the answer's format is fixed, the person sees their own.
  if ((field === 'date' || field === 'datetime') && /[yY]{2}|[dD]{2}/.test(value))
    return {
      en: `A ${field} is always answered as ${field === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:mm'}; the person picks it in their own locale's format.`,
      ja: `${field} の回答は常に ${field === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:mm'} の形です。表示はユーザーの環境の形式になります。`,
    };
  const v = foldName(value);
  switch (v) {
    case 'email':
      return pattern(EMAIL, { en: 'an email address', ja: 'メールアドレス' });
    case 'uri':
    case 'url':
    case 'link':
      return pattern(URL, { en: 'a URL', ja: 'URL' });
    case 'tel':
    case 'phone':
    case 'telephone':
      return pattern(TEL, { en: 'a phone number', ja: '電話番号' });
    case 'time':
      return pattern(TIME, { en: 'a time (HH:mm)', ja: '時刻（HH:mm）' });
    case 'color':
    case 'colour':
      return pattern(COLOR, { en: 'a colour (#RRGGBB)', ja: '色（#RRGGBB）' });
    case 'password':
    case 'secret':
      return {
        en: 'There is no masked input: answers are shown as typed and reach the model. Do not ask for passwords or secrets in a form.',
        ja: '伏せ字の入力はありません。回答は入力どおり表示されモデルに届きます。パスワードや秘密情報はフォームで尋ねないでください。',
      };
  }
  if ((v === 'integer' || v === 'int') && (field === 'number' || field === 'range'))
    return {
      en: 'Whole numbers only: write "step": 1.',
      ja: '整数だけにするには "step": 1 と書いてください。',
    };
  const type = typeOfSpelling(value) ?? TYPE_SUGGESTIONS[v];
  // A format that names the field's own type says nothing new.
  return type && type !== field ? useType(type) : undefined;
}

const noConditions: Say = {
  en: 'Fields cannot be shown conditionally: only a cascading-select follows an earlier field (dependsOn). Ask what depends on an answer in a second form.',
  ja: '条件付きの表示はありません。前のフィールドに連動できるのは cascading-select（dependsOn）だけです。回答次第の項目は2つ目のフォームで尋ねてください。',
};
const noHelpText: Say = {
  en: 'Fields have no help text: put it in the label, or in a heading\'s "description" before the field.',
  ja: 'フィールドに説明文はありません。label に含めるか、前に置いた heading の "description" に書いてください。',
};
const layout: Say = {
  en: 'Layout is the renderer\'s: fields are shown one per row, in the order of "fields".',
  ja: 'レイアウトは表示側が決めます。フィールドは "fields" の順に1行ずつ表示されます。',
};

/** Rules keyed by the folded property name (foldName). */
const RULES: Readonly<Record<string, Rule>> = {
  format: (type, value) => formatHint(value, type),
  inputtype: (type, value) => formatHint(value, type),
  uiwidget: (type, value) => formatHint(value, type),
  widget: (type, value) => formatHint(value, type),
  subtype: (type, value) => formatHint(value, type),
  inputmode: (type, value) => formatHint(value, type),
  validators: (type) =>
    TEXT_LIKE.has(type)
      ? {
          en: 'Checks are properties of the field: "required", "minLength", "maxLength", "pattern" with "patternError".',
          ja: '検査はフィールドのプロパティで書きます: "required"、"minLength"、"maxLength"、"pattern" と "patternError"。',
        }
      : undefined,
  exclusiveminimum: () => inclusive,
  exclusivemaximum: () => inclusive,
  multipleof: (type) =>
    type === 'number' || type === 'range'
      ? {
          en: 'Write "step" (allowed values go from "min" in steps).',
          ja: '"step" と書いてください（"min" から step 刻みの値になります）。',
        }
      : undefined,
  const: () => ({
    en: 'A fixed value sent without asking is a "hidden" field with "value".',
    ja: '尋ねずに送る固定値は "type": "hidden" と "value" で書きます。',
  }),
  enumnames: () => ({
    en: 'Labels go with their values: "options": [{"value": "...", "label": "..."}].',
    ja: 'ラベルは値と組にして "options": [{"value": "...", "label": "..."}] に書きます。',
  }),
  uniqueitems: () => ({
    en: 'A multiselect never holds a choice twice.',
    ja: 'multiselect の回答に同じ選択肢が重なることはありません。',
  }),
  choicesbyurl: () => ({
    en: 'Options loaded from a URL are "type": "async-select" with "loadUrl", "valueField" and "displayField".',
    ja: 'URLから読み込む選択肢は "type": "async-select" と "loadUrl"・"valueField"・"displayField" で書きます。',
  }),
  autocomplete: () => ({
    en: '"autocomplete" is a field type here (a search); the browser\'s autofill is not set per field.',
    ja: 'ここでの autocomplete は検索のフィールド type です。ブラウザの自動入力はフィールドごとに指定できません。',
  }),
  requirederrortext: () => ({
    en: 'The message for a required field is the renderer\'s ("required": true is enough).',
    ja: '必須の未入力メッセージは表示側が出します（"required": true だけで十分です）。',
  }),
  maxrows: (type) => visibleLines(type),
  minrows: (type) => visibleLines(type),
  maxfiles: (type) => severalFiles(type),
  minfiles: (type) => severalFiles(type),
  inline: () => layout,
  layout: () => layout,
  direction: () => layout,
  orientation: () => layout,
  autofocus: () => layout,
  cols: () => layout,
  size: (type) =>
    type === 'file'
      ? {
          en: 'Write "maxSize" in bytes (10 MB = 10485760).',
          ja: '"maxSize" をバイト数で書いてください（10 MB = 10485760）。',
        }
      : layout,
  colcount: () => layout,
  startwithnewline: () => layout,
  multiple: (type, value) =>
    value === false && type !== 'file'
      ? {
          en: `Type '${type}' takes one answer: leave "multiple" out.`,
          ja: `${type} の回答は1つです。"multiple" は不要です。`,
        }
      : TEXT_LIKE.has(type)
        ? {
            en: 'For several fixed choices use "type": "multiselect" with options; for several lines, "type": "textarea".',
            ja: '決まった選択肢から複数なら "type": "multiselect" と options、複数行の文章なら "type": "textarea" を使ってください。',
          }
        : type === 'async-select' || type === 'cascading-select'
          ? useType('multi-autocomplete', {
              en: 'to choose several searched items',
              ja: '検索した項目を複数選ぶ場合',
            })
          : type === 'multiselect' || type === 'multi-autocomplete'
            ? { en: `Type '${type}' takes several already.`, ja: `${type} はもともと複数選択です。` }
            : {
                en: 'Only a file takes "multiple": several fixed choices are a "multiselect"; several values of another kind, several fields.',
                ja: '"multiple" を取るのは file だけです。決まった選択肢から複数なら "multiselect"、それ以外の複数の値はフィールドを分けてください。',
              },
  pattern: (type) =>
    type === 'number' || type === 'range'
      ? {
          en: 'A number is checked with "min", "max" and "step".',
          ja: '数値は "min"・"max"・"step" で検査します。',
        }
      : type === 'date' || type === 'datetime'
        ? {
            en: 'A date is bounded with "minDate" and "maxDate".',
            ja: '日付は "minDate" と "maxDate" で制限します。',
          }
        : undefined,
  min: (type) => lengthOrCount(type, 'min'),
  max: (type) => lengthOrCount(type, 'max'),
  minimum: (type) => lengthOrCount(type, 'min'),
  maximum: (type) => lengthOrCount(type, 'max'),
  minvalue: (type) => lengthOrCount(type, 'min'),
  maxvalue: (type) => lengthOrCount(type, 'max'),
  minlength: (type) => sizeOf(type, 'min'),
  maxlength: (type) => sizeOf(type, 'max'),
  minitems: (type) => sizeOf(type, 'min'),
  maxitems: (type) => sizeOf(type, 'max'),
  enum: choices,
  choices,
  options: choices,
  items: choices,
  values: choices,
  default: (type) => noDefault(type),
  defaultvalue: (type) => noDefault(type),
  value: (type) => noDefault(type),
  placeholder: (type) => ({
    en: `Type '${type}' shows no placeholder: put the hint in the label (text and textarea have "placeholder").`,
    ja: `${type} にプレースホルダーはありません。ヒントは label に含めてください（placeholder があるのは text、textarea など）。`,
  }),
  description: () => noHelpText,
  help: () => noHelpText,
  helptext: () => noHelpText,
  helpertext: () => noHelpText,
  hint: () => noHelpText,
  tooltip: () => noHelpText,
  readonly: () => ({
    en: 'There are no read-only fields: a value sent as it is, is a hidden field ("value"); text to read is a heading\'s "description".',
    ja: '読み取り専用のフィールドはありません。そのまま送る値は hidden（"value"）、読ませる文章は heading の "description" にしてください。',
  }),
  disabled: (type) => RULES.readonly!(type, undefined),
  visibleif: () => noConditions,
  showif: () => noConditions,
  enableif: () => noConditions,
  condition: () => noConditions,
  conditions: () => noConditions,
  visible: () => noConditions,
  when: () => noConditions,
  dependencies: () => noConditions,
  dependson: () => noConditions,
  hasother: (type) => otherChoice(type),
  allowother: (type) => otherChoice(type),
  other: (type) => otherChoice(type),
  allowcustom: (type) => otherChoice(type),
  unit: () => unitInLabel,
  units: () => unitInLabel,
  suffix: () => unitInLabel,
  prefix: () => unitInLabel,
  currency: () => unitInLabel,
  multiline: () => useType('textarea'),
  width: () => layout,
  order: () => layout,
  classname: () => layout,
  class: () => layout,
  style: () => layout,
  columns: () => layout,
  checked: (type) => initialChoice(type),
  defaultchecked: (type) => initialChoice(type),
  selected: (type) => initialChoice(type),
  id: () => ({
    en: 'The answer\'s key is "name".',
    ja: '回答のキーは "name" です。',
  }),
};

const inclusive: Say = {
  en: '"min" and "max" are inclusive: write the first and last allowed values.',
  ja: '"min" と "max" は境界を含みます。許される最初と最後の値を書いてください。',
};

function visibleLines(type: FieldType): Say | undefined {
  return type === 'textarea'
    ? { en: 'Write "rows" (the lines shown).', ja: '"rows"（表示する行数）と書いてください。' }
    : undefined;
}

function severalFiles(type: FieldType): Say | undefined {
  return type === 'file'
    ? {
        en: '"multiple": true allows several files; their number cannot be limited.',
        ja: '"multiple": true で複数のファイルを受け付けます。ファイル数の制限はできません。',
      }
    : undefined;
}

const unitInLabel: Say = {
  en: 'Put the unit in the label, e.g. "Price (JPY)".',
  ja: '単位は label に含めてください（例: "金額（円）"）。',
};

function lengthOrCount(type: FieldType, end: 'min' | 'max'): Say | undefined {
  const prop = `${end}Length`;
  if (TEXT_LIKE.has(type))
    return {
      en: `For the number of characters write "${prop}"; for a number, use "type": "number" with "${end}".`,
      ja: `文字数なら "${prop}"、数値なら "type": "number" と "${end}" を使ってください。`,
    };
  if (CHOICE_ONE.has(type))
    return useType('multiselect', {
      en: `with "${end}Select" to choose several`,
      ja: `複数を選ばせて数を制限するなら "${end}Select"`,
    });
  if (type === 'datetime' || type === 'date')
    return { en: `Write "${end}Date".`, ja: `"${end}Date" と書いてください。` };
  return undefined;
}

function sizeOf(type: FieldType, end: 'min' | 'max'): Say | undefined {
  if (type === 'number' || type === 'range')
    return {
      en: `A number is bounded by "${end}" (its value), not by its length.`,
      ja: `数値は長さではなく "${end}"（値）で制限します。`,
    };
  if (type === 'date' || type === 'datetime')
    return { en: `Write "${end}Date".`, ja: `"${end}Date" と書いてください。` };
  if (CHOICE_ONE.has(type) || type === 'multiselect' || type === 'multi-autocomplete')
    return type === 'multiselect' || type === 'multi-autocomplete'
      ? { en: `Write "${end}Select".`, ja: `"${end}Select" と書いてください。` }
      : useType('multiselect', {
          en: `with "${end}Select" to choose several`,
          ja: `複数を選ばせて数を制限するなら "${end}Select"`,
        });
  return undefined;
}

function choices(type: FieldType): Say | undefined {
  if (!TEXT_LIKE.has(type)) return undefined;
  return {
    en: 'Fixed choices are "type": "select" or "radio" (one) or "multiselect" (several) with "options"; example inputs for a text are "suggestions".',
    ja: '決まった選択肢は "type": "select" か "radio"（1つ）、"multiselect"（複数）と "options" で書きます。text の入力例なら "suggestions" です。',
  };
}

function noDefault(type: FieldType): Say | undefined {
  const props = FIELD_CATALOG[type].props as Record<string, unknown>;
  if (Object.hasOwn(props, 'default') || Object.hasOwn(props, 'value')) return undefined;
  return {
    en: `Type '${type}' takes no initial value (its answer is what the person picks).`,
    ja: `${type} には初期値を指定できません（回答は選ばれたものです）。`,
  };
}

/** HTML's `checked` / `selected`: the vocabulary's initial value is `default`. */
function initialChoice(type: FieldType): Say | undefined {
  if (type === 'checkbox') return { en: 'Write "default": true.', ja: '"default": true と書いてください。' };
  const props = FIELD_CATALOG[type].props as Record<string, unknown>;
  if (!Object.hasOwn(props, 'options') || !Object.hasOwn(props, 'default')) return undefined;
  return {
    en: 'The initial choice is "default": the option\'s value.',
    ja: '最初に選ばれている選択肢は "default" にその value を書きます。',
  };
}

function otherChoice(type: FieldType): Say | undefined {
  if (!CHOICE_ONE.has(type) && type !== 'multiselect') return undefined;
  return {
    en: 'There is no automatic "Other": add an option such as {"value": "other", "label": "Other"} and a text field after it.',
    ja: '自動の「その他」はありません。{"value": "other", "label": "その他"} のような選択肢と、その後に text フィールドを追加してください。',
  };
}

/** A display-only or fixed field given what only an input takes (`required` on a heading). */
function noInput(type: FieldType, prop: string): Say | undefined {
  const kind = FIELD_CATALOG[type].value;
  if (kind !== 'none' && kind !== 'fixed') return undefined;
  if (
    !FIELD_TYPES.some((t) => FIELD_CATALOG[t].value !== 'none' && Object.hasOwn(FIELD_CATALOG[t].props, prop))
  )
    return undefined;
  return kind === 'none'
    ? {
        en: `A ${type} shows text only and takes no input.`,
        ja: `${type} は表示だけで、入力を受け付けません。`,
      }
    : {
        en: 'A hidden field is sent as its "value", never shown or asked.',
        ja: 'hidden は "value" がそのまま送られ、表示も入力もされません。',
      };
}

/** Form-level habits: JSON Schema's object schema, pages and steps. */
const FORM_RULES: Readonly<Record<string, Say>> = {
  properties: {
    en: 'This is no JSON Schema: write "fields": [...], each field with "name", "type" and "label".',
    ja: 'JSON Schema ではありません。"fields": [...] に、"name"・"type"・"label" を持つフィールドを並べてください。',
  },
  required: {
    en: 'Required is per field: "required": true on each field.',
    ja: '必須はフィールドごとに "required": true で指定します。',
  },
  type: {
    en: 'A form has no type; each field has one.',
    ja: 'フォームに type はありません。type はフィールドごとに指定します。',
  },
  pages: {
    en: 'A form is one page: group fields with heading and divider, or ask in two forms.',
    ja: 'フォームは1ページです。heading や divider で区切るか、2つのフォームに分けてください。',
  },
  steps: {
    en: 'A form is one page: group fields with heading and divider, or ask in two forms.',
    ja: 'フォームは1ページです。heading や divider で区切るか、2つのフォームに分けてください。',
  },
};

/** The types that take `prop`, for a property of another type (`rows` on a text: textarea). */
function typesTaking(prop: string): FieldType[] {
  return FIELD_TYPES.filter((type) => Object.hasOwn(FIELD_CATALOG[type].props, prop));
}

/**
 * What the vocabulary offers for `prop` (with `value`) on a field of `type` (null: the form itself),
 * in `locale`; undefined when it offers nothing more than "did you mean".
 */
export function propertyHint(
  prop: string,
  value: unknown,
  type: FieldType | null,
  locale: Locale,
): string | undefined {
  const folded = foldName(prop.replace(/^ui:/i, ''));
  let say: Say | undefined;
  if (type === null) {
    say = Object.hasOwn(FORM_RULES, folded) ? FORM_RULES[folded] : undefined;
    if (!say && typesTaking(prop).length > 0)
      say = {
        en: `"${prop}" belongs on a field (inside "fields"), not on the form.`,
        ja: `"${prop}" はフォームではなくフィールド（"fields" の中）に書くプロパティです。`,
      };
  } else {
    say = noInput(type, prop) ?? (Object.hasOwn(RULES, folded) ? RULES[folded]!(type, value) : undefined);
    const takers = typesTaking(prop);
    if (!say && Object.hasOwn(FORM_PROPS, prop) && prop !== 'fields')
      say = {
        en: `"${prop}" belongs to the form (top level), not to a field.`,
        ja: `"${prop}" はフィールドではなくフォーム（最上位）に書くプロパティです。`,
      };
    else if (!say && takers.length > 0 && takers.length <= 4)
      say = {
        en: `"${prop}" belongs to ${takers.join(', ')}: use ${takers.length === 1 ? 'that type' : 'one of those types'} for it.`,
        ja: `"${prop}" は ${takers.join('、')} のプロパティです。使うならそのtypeにしてください。`,
      };
  }
  return say?.[locale];
}
