// The type-level test of the field types (issue 19): every per-type table of every surface is keyed by
// the catalog's unions, so a type added to the catalog is a compile error at each place that needs it.
// Checked by `tsc -b` (the root tsconfig references this project, and `npm test` builds first);
// scripts/test/field-types.test.ts checks that each `@ts-expect-error` below stands for the error it
// names: without the directive, that line's error quotes that name (a missing key, or a refused 'null').
import {
  type AnswerFormat,
  type ElicitShape,
  FIELD_CATALOG,
  type FieldSpec,
  type FieldType,
  type FORM_PROPS,
  type PropKind,
  type ValueKind,
} from '@formrequest/schema';
import { FORM_PROP_WORDS, PROP_WORDS, TYPE_WORDS } from '@formrequest/schema/tooling';
import { ANSWER_FORMATS } from '../../packages/schema/src/formats.js';
import { ANSWER_JA } from '../../packages/server/src/description.js';
import { SHAPES } from '../../packages/server/src/elicitation-schema.js';
import { WIDGETS } from '../../packages/terminal/src/fields/index.js';
import type { Widgets } from '../../packages/terminal/src/fields/types.js';
import { BUILDERS } from '../../packages/web/src/fields/index.js';
import type { Builders } from '../../packages/web/src/types.js';
import { ANSWER, ELICIT, KIND } from '../../scripts/vocabulary-doc.js';

/** A table with an entry for each of `K`. */
type Covers<K extends string> = { readonly [key in K]: unknown };
/** `true` when A and B are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// ---- The renderers' tables are declared from the catalog's type union, not from a list of names ----
export const webTableIsTheCatalogs: Same<keyof Builders, FieldType> = true;
export const terminalTableIsTheCatalogs: Same<keyof Widgets, FieldType> = true;

// ---- null in a renderer's table only where the catalog says there is nothing to render ----
export const webHiddenIsNull: Builders['hidden'] = null;
// @ts-expect-error web: a text field's builder cannot be 'null'
export const webTextIsNull: Builders['text'] = null;
// @ts-expect-error web: a heading is drawn, its builder cannot be 'null'
export const webHeadingIsNull: Builders['heading'] = null;
export const terminalHiddenIsNull: Widgets['hidden'] = null;
export const terminalHeadingIsNull: Widgets['heading'] = null;
// @ts-expect-error terminal: a text field's widget cannot be 'null'
export const terminalTextIsNull: Widgets['text'] = null;
// @ts-expect-error terminal: a select's widget cannot be 'null'
export const terminalSelectIsNull: Widgets['select'] = null;

// ---- Today's catalog: every table covers it ----
export const web: Covers<FieldType> = BUILDERS;
export const terminal: Covers<FieldType> = WIDGETS;
export const elicitation: Covers<ElicitShape> = SHAPES;
export const description: Covers<Exclude<ValueKind, 'none'>> = ANSWER_JA;
export const docsKinds: Covers<PropKind> = KIND;
export const docsAnswers: Covers<ValueKind> = ANSWER;
export const docsShapes: Covers<ElicitShape> = ELICIT;
export const formats: Covers<AnswerFormat> = ANSWER_FORMATS;
export const typeWords: Covers<FieldType> = TYPE_WORDS;
export const formPropWords: Covers<keyof typeof FORM_PROPS> = FORM_PROP_WORDS;
export const propWords: Covers<keyof typeof FIELD_CATALOG.text.props> = PROP_WORDS;

// ---- A 19th type, added as a maintainer adds one: an entry in (a copy of) the catalog ----
const EXTENDED = {
  ...FIELD_CATALOG,
  email: {
    value: 'string',
    elicit: 'string',
    props: FIELD_CATALOG.text.props,
  },
} as const satisfies Record<string, FieldSpec>;
type ExtendedType = keyof typeof EXTENDED;

// Each renderer's per-type table lacks it. Checked for real by scripts/test/field-types.test.ts, which
// compiles a copy of the sources with such an entry in catalog.ts and finds the errors at BUILDERS and
// WIDGETS (and, for a new value kind, at the answer checks): a table declared by hand here could not
// tell a keyed table from one cast to its type.
export const extendedIsNew: Same<ExtendedType, FieldType> = false;

// The surfaces that derive from the catalog (the answer checks, the elicitation mapping, the tool
// description, the docs) read the new type's facts from its entry, which must state them:
// @ts-expect-error catalog: a FieldSpec states its 'elicit' shape
export const withoutShape: FieldSpec = {
  value: 'string',
  props: {},
};
// @ts-expect-error catalog: a FieldSpec states its 'value' kind
export const withoutValue: FieldSpec = {
  elicit: 'string',
  props: {},
};

// ...and a new shape, value kind or property kind is a compile error at each table keyed by it:
// @ts-expect-error elicitation: SHAPES lacks 'email'
export const elicitationExtended: Covers<ElicitShape | 'email'> = SHAPES;
// @ts-expect-error description: ANSWER_JA lacks 'email'
export const descriptionExtended: Covers<Exclude<ValueKind, 'none'> | 'email'> = ANSWER_JA;
// @ts-expect-error docs: ANSWER lacks 'email'
export const docsAnswersExtended: Covers<ValueKind | 'email'> = ANSWER;
// @ts-expect-error docs: ELICIT lacks 'email'
export const docsShapesExtended: Covers<ElicitShape | 'email'> = ELICIT;
// @ts-expect-error docs: KIND lacks 'email'
export const docsKindsExtended: Covers<PropKind | 'email'> = KIND;
// @ts-expect-error formats: ANSWER_FORMATS lacks 'email'
export const formatsExtended: Covers<AnswerFormat | 'email'> = ANSWER_FORMATS;
// @ts-expect-error docs: TYPE_WORDS lacks 'email'
export const typeWordsExtended: Covers<ExtendedType> = TYPE_WORDS;
// @ts-expect-error docs: PROP_WORDS lacks 'colour'
export const propWordsExtended: Covers<keyof typeof FIELD_CATALOG.text.props | 'colour'> = PROP_WORDS;
