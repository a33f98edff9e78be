// The forms the example shows: seed examples 1 and 2, example 2's search URLs on the sample API.
import type { FormSchema } from '@formrequest/web';
import example1 from '../../forms/example1-project.json' with { type: 'json' };
import example2 from '../../forms/example2-assign.json' with { type: 'json' };

export const FORMS: Record<string, FormSchema> = {
  '例1: プロジェクト作成': example1 as FormSchema,
  '例2: 担当者アサイン': JSON.parse(
    JSON.stringify(example2).replaceAll('https://api.example.com/', '/api/demo/'),
  ),
};
