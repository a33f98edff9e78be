// The page's English words, on demand (words.ts): its own file in the build, so a Japanese page never
// loads them.
export { EN_PAGE_WORDS } from '@formrequest/schema/messages';
