// The public API of @formrequest/schema, pinned: the root is what a library user reads forms and
// answers with; the second tier is under ./core, ./question, ./messages, ./pattern, ./printable, ./guidance, ./on-demand and ./tooling. A change
// here is a change of the package's API: update the list on purpose, and the README's API section.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/schema exports exactly these names', async () => {
  const entry = await import('@formrequest/schema');
  assert.deepEqual(Object.keys(entry).sort(), [
    'FIELD_CATALOG',
    'FIELD_TYPES',
    'FORM_PROPS',
    'MAX_JSON_DEPTH',
    'MAX_LABEL_CHARS',
    'MAX_MESSAGE_DEPTH',
    'MAX_REMOTE_RESULTS',
    'MAX_UTC_OFFSET',
    'MIN_UTC_OFFSET',
    'PATTERN_SYNTAX',
    'QUESTION_DEFAULTS',
    'QUESTION_HEADER_MAX',
    'QUESTION_LABEL_MAX',
    'acceptsFile',
    'addressKind',
    'answerLabels',
    'answerRows',
    'answerValues',
    'buildDependentUrl',
    'buildLoadUrl',
    'buildSearchUrl',
    'cancelMessage',
    'capResults',
    'checkPattern',
    'clampUtcOffset',
    'compilePattern',
    'customChoiceLabel',
    'dateBounds',
    'dayAt',
    'decodeDataUrl',
    'defaultValue',
    'extractItems',
    'fieldJsonSchemas',
    'fieldLabel',
    'fieldProp',
    'fieldSpec',
    'formInputJsonSchema',
    'formJsonSchema',
    'formLocale',
    'formRequestText',
    'format',
    'formatAnswers',
    'formatBytes',
    'formatDate',
    'formatDateTime',
    'formatIssues',
    'formatQuestionError',
    'initialValue',
    'initialValues',
    'isEmptyValue',
    'isFieldType',
    'isInputField',
    'isIsoDate',
    'isIsoDateTime',
    'isPlainObject',
    'itemValue',
    'nestsDeeperThan',
    'optionLabel',
    'optionText',
    'ownValue',
    'parseDecimal',
    'parseRemoteUrl',
    'questionAnswersResult',
    'questionError',
    'questionErrorResult',
    'readFormArgument',
    'readFormSchema',
    'renderTemplate',
    'resolveDateBound',
    'resolveLocale',
    'resolveRemoteUrl',
    'riskyAddress',
    'shortenSuggestion',
    'submitMessage',
    't',
    'utcOffsetAt',
    'validateAnswers',
    'validateField',
    'validateFormSchema',
    'validateQuestionInput',
    'valueKind',
  ]);
});

test('@formrequest/schema/question exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/question');
  assert.deepEqual(Object.keys(entry).sort(), [
    'QUESTION_DEFAULTS',
    'QUESTION_HEADER_MAX',
    'QUESTION_LABEL_MAX',
    'customChoiceLabel',
    'formatAnswers',
    'formatQuestionError',
    'questionAnswersResult',
    'questionError',
    'questionErrorResult',
    'validateQuestionInput',
  ]);
});

test('@formrequest/schema/messages exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/messages');
  assert.deepEqual(Object.keys(entry).sort(), [
    'EN_FORM_WORDS',
    'EN_PAGE_WORDS',
    'JA_PAGE_WORDS',
    'agentText',
    'chatWords',
    'formLocale',
    'format',
    'laterWords',
    'pageWords',
    'questionText',
    'resolveLocale',
    't',
    'terminalWords',
    'widgetWords',
  ]);
});

test('@formrequest/schema/pattern exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/pattern');
  assert.deepEqual(Object.keys(entry).sort(), [
    'MAX_FORM_PATTERN_LENGTH',
    'MAX_FORM_PATTERN_SIZE',
    'MAX_PATTERN_LENGTH',
    'MAX_PATTERN_SIZE',
    'PATTERN_SYNTAX',
    'PATTERN_SYNTAX_BRIEF',
    'checkPattern',
    'compilePattern',
    'patternSize',
  ]);
});

test('@formrequest/schema/printable exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/printable');
  assert.deepEqual(Object.keys(entry).sort(), [
    'hadControls',
    'isCleanText',
    'printableJson',
    'printableText',
    'sanitizeText',
    'splitGraphemes',
    'textFor',
  ]);
});

test('@formrequest/schema/tooling exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/tooling');
  assert.deepEqual(Object.keys(entry).sort(), [
    'ALL_PARTS',
    'ANSWER_JA',
    'FORM_ALIASES',
    'FORM_PROP_WORDS',
    'MODEL_REPAIRS',
    'PROPERTY_ALIASES',
    'PROP_WORDS',
    'TOOL_RESULT_DELIVERY',
    'TYPE_SUGGESTIONS',
    'TYPE_WORDS',
    'answerShapeText',
    'compactFieldJsonSchema',
    'fieldTypeTable',
    'normalizeForm',
    'requestFormDescription',
    'schemaMessages',
    'sharedFieldProps',
    'sharedPropSpecs',
  ]);
});

test('@formrequest/schema/on-demand exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/on-demand');
  assert.deepEqual(Object.keys(entry).sort(), ['normalizeForm', 'schemaMessages']);
});

test('@formrequest/schema/guidance exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/guidance');
  assert.deepEqual(Object.keys(entry).sort(), [
    'EXAMPLE_FORM',
    'GUIDELINES',
    'endpointsTableMarkdown',
    'guidelineLines',
    'guidelinesMarkdown',
  ]);
});

test('@formrequest/schema/core exports exactly these names', async () => {
  const entry = await import('@formrequest/schema/core');
  assert.deepEqual(Object.keys(entry).sort(), [
    'ANSWER_FORMATS',
    'FIELD_CATALOG',
    'FIELD_TYPES',
    'FORMAT_EXCHANGE',
    'FORM_PROPS',
    'JA_FORM_WORDS',
    'MAX_LABEL_CHARS',
    'MAX_REMOTE_RESULTS',
    'acceptsFile',
    'addressKind',
    'answerLabels',
    'answerRows',
    'answerValues',
    'buildDependentUrl',
    'buildLoadUrl',
    'buildSearchUrl',
    'capResults',
    'checkAnswers',
    'checkField',
    'checkFormSchema',
    'clampUtcOffset',
    'dateBounds',
    'dayAt',
    'defaultValue',
    'extractItems',
    'fieldLabel',
    'fieldProp',
    'fieldSpec',
    'formLocale',
    'format',
    'formatBytes',
    'formatDate',
    'formatDateTime',
    'formatIssues',
    'initialValue',
    'initialValues',
    'isEmptyValue',
    'isFieldType',
    'isInputField',
    'isIsoDate',
    'isIsoDateTime',
    'isPlainObject',
    'itemValue',
    'nestsDeeperThan',
    'optionLabel',
    'optionText',
    'ownValue',
    'parseDecimal',
    'parseRemoteUrl',
    'renderTemplate',
    'rendererParts',
    'resolveDateBound',
    'resolveLocale',
    'resolveRemoteUrl',
    'riskyAddress',
    'shortenSuggestion',
    'submitMessage',
    'typeOfFormat',
    'utcOffsetAt',
    'valueKind',
  ]);
});

test('the second tier is not in the root', async () => {
  const root = await import('@formrequest/schema');
  for (const name of [
    'FORM_ALIASES',
    'schemaMessages',
    'sharedPropSpecs',
    'agentText',
    'terminalWords',
    'patternSize',
    'checkFormSchema',
    'ALL_PARTS',
    'JA_FORM_WORDS',
  ])
    assert.ok(!(name in root), name);
});
