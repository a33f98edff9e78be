import { type FormSchema } from '@formrequest/schema';
export declare function underPageTitle(schema: FormSchema): FormSchema;
