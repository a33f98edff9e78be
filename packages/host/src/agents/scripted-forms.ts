// The forms the scripted agent asks for: the seed's three examples (使用例 1-3) with their search URLs
// pointed at this host's demo API, and the form with all 18 field types (all-types.ts: the examples'
// file). Each in Japanese (the seed's wording) and English.
import type { FormSchema, Locale } from '@formrequest/schema';
import { allTypesForm } from './all-types.js';

export type Scenario = 'project' | 'assign' | 'address' | 'all';

type Text = [ja: string, en: string];

function pick(locale: Locale) {
  return ([ja, en]: Text) => (locale === 'en' ? en : ja);
}

const PRIORITY: Array<[string, Text]> = [
  ['high', ['高', 'High']],
  ['medium', ['中', 'Medium']],
  ['low', ['低', 'Low']],
];

export function scenarioForm(scenario: Scenario, locale: Locale): FormSchema {
  const L = pick(locale);
  const priority = PRIORITY.map(([value, label]) => ({ value, label: L(label) }));
  // Seed example 3's first two fields.
  const countryAndPrefecture: FormSchema['fields'] = [
    {
      name: 'country',
      type: 'async-select',
      label: L(['国', 'Country']),
      loadUrl: '/api/demo/countries',
      displayField: 'name',
      valueField: 'code',
      default: 'JP',
    },
    {
      name: 'prefecture',
      type: 'cascading-select',
      label: L(['都道府県', 'Prefecture']),
      searchUrl: '/api/demo/prefectures',
      dependsOn: 'country',
      dependsOnParam: 'country_code',
      displayField: 'name',
      valueField: 'code',
    },
  ];
  switch (scenario) {
    case 'project':
      return {
        title: L(['新規プロジェクト作成', 'New project']),
        description: L([
          'プロジェクトの基本情報を入力してください',
          'Enter the basic information of the project',
        ]),
        fields: [
          { type: 'heading', text: L(['基本情報', 'Basics']), level: 2 },
          {
            name: 'project_name',
            type: 'text',
            label: L(['プロジェクト名', 'Project name']),
            required: true,
            pattern: '^[a-z0-9-]+$',
            patternError: L([
              '小文字英数字とハイフンのみ使用可能です',
              'Use lower-case letters, digits and hyphens only',
            ]),
            suggestions: ['my-web-app', 'api-service', 'data-pipeline'],
          },
          {
            name: 'language',
            type: 'select',
            label: L(['言語', 'Language']),
            options: [
              { value: 'python', label: 'Python' },
              { value: 'typescript', label: 'TypeScript' },
              { value: 'go', label: 'Go' },
            ],
            default: 'python',
          },
          { type: 'divider', label: L(['詳細設定', 'Details']) },
          {
            name: 'features',
            type: 'multiselect',
            label: L(['機能', 'Features']),
            options: [
              { value: 'auth', label: L(['認証', 'Authentication']) },
              { value: 'db', label: L(['DB連携', 'Database']) },
              { value: 'api', label: 'REST API' },
            ],
          },
          {
            name: 'description',
            type: 'textarea',
            label: L(['説明', 'Description']),
            rows: 3,
            suggestions: [
              L([
                'ユーザー認証機能を持つWebアプリケーション。JWT認証、ソーシャルログイン対応。',
                'A web application with user sign-in: JWT and social login.',
              ]),
              L([
                'マイクロサービス間の通信を担うAPIゲートウェイ。認証・認可・レート制限機能付き。',
                'An API gateway between microservices with authentication, authorization and rate limits.',
              ]),
            ],
          },
        ],
      } as FormSchema;
    case 'assign':
      return {
        title: L(['タスク担当者設定', 'Assign the task']),
        fields: [
          {
            name: 'assignee',
            type: 'autocomplete',
            label: L(['担当者', 'Assignee']),
            searchUrl: '/api/demo/users/search',
            searchParams: { q: '{query}', limit: 10 },
            displayField: 'name',
            valueField: 'id',
            renderTemplate: '{name} ({department})',
            required: true,
          },
          {
            name: 'reviewers',
            type: 'multi-autocomplete',
            label: L(['レビュアー', 'Reviewers']),
            searchUrl: '/api/demo/users/search',
            displayField: 'name',
            valueField: 'id',
            maxSelect: 3,
          },
          { type: 'divider' },
          { name: 'due_date', type: 'date', label: L(['期限', 'Due date']), minDate: 'today' },
          {
            name: 'priority',
            type: 'radio',
            label: L(['優先度', 'Priority']),
            options: priority,
            default: 'medium',
          },
        ],
      } as FormSchema;
    case 'address':
      return {
        title: L(['住所入力', 'Address']),
        fields: [
          ...countryAndPrefecture,
          {
            name: 'city',
            type: 'cascading-select',
            label: L(['市区町村', 'City']),
            searchUrl: '/api/demo/cities',
            dependsOn: 'prefecture',
            dependsOnParam: 'prefecture_code',
            displayField: 'name',
            valueField: 'code',
          },
          { name: 'address', type: 'text', label: L(['番地・建物名', 'Street and building']) },
        ],
      } as FormSchema;
    case 'all':
      return allTypesForm(locale);
  }
}
