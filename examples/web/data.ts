// Sample data for the example page and the web renderer's tests: the seed's search endpoints
// (users with departments and emails, projects, categories, countries, prefectures, cities).
export type Row = Record<string, string | number>;

export const USERS: Row[] = [
  { id: 'u1', name: '佐藤 花子', email: 'hanako.sato@example.com', department: '開発部' },
  { id: 'u2', name: '鈴木 一郎', email: 'ichiro.suzuki@example.com', department: '営業部' },
  { id: 'u3', name: '高橋 健', email: 'ken.takahashi@example.com', department: '開発部' },
  { id: 'u4', name: '田中 美咲', email: 'misaki.tanaka@example.com', department: 'デザイン部' },
  { id: 'u5', name: '伊藤 翔', email: 'sho.ito@example.com', department: 'インフラ部' },
  { id: 'u6', name: 'Alice Johnson', email: 'alice@example.com', department: 'Engineering' },
  { id: 'u7', name: 'Alan Smith', email: 'alan@example.com', department: 'Sales' },
  { id: 'u8', name: 'Albert Brown', email: 'albert@example.com', department: 'Design' },
  { id: 'u9', name: 'Bob Lee', email: 'bob@example.com', department: 'Engineering' },
  { id: 'u10', name: 'Carol White', email: 'carol@example.com', department: 'Support' },
];

export const PROJECTS: Row[] = [
  { id: 'p1', name: 'my-web-app', owner: '佐藤 花子' },
  { id: 'p2', name: 'api-service', owner: '高橋 健' },
  { id: 'p3', name: 'data-pipeline', owner: '伊藤 翔' },
  { id: 'p4', name: 'mobile-client', owner: 'Alice Johnson' },
];

export const CATEGORIES: Row[] = [
  { id: 'bug', name: 'バグ報告' },
  { id: 'feature', name: '機能要望' },
  { id: 'question', name: '質問' },
  { id: 'docs', name: 'ドキュメント' },
];

export const COUNTRIES: Row[] = [
  { code: 'JP', name: '日本' },
  { code: 'US', name: 'アメリカ合衆国' },
];

export const PREFECTURES: Row[] = [
  { code: '13', name: '東京都', country_code: 'JP' },
  { code: '27', name: '大阪府', country_code: 'JP' },
  { code: '01', name: '北海道', country_code: 'JP' },
  { code: 'CA', name: 'California', country_code: 'US' },
  { code: 'NY', name: 'New York', country_code: 'US' },
];

export const CITIES: Row[] = [
  { code: '13101', name: '千代田区', prefecture_code: '13' },
  { code: '13104', name: '新宿区', prefecture_code: '13' },
  { code: '13113', name: '渋谷区', prefecture_code: '13' },
  { code: '27100', name: '大阪市', prefecture_code: '27' },
  { code: '27140', name: '堺市', prefecture_code: '27' },
  { code: '01100', name: '札幌市', prefecture_code: '01' },
  { code: 'SF', name: 'San Francisco', prefecture_code: 'CA' },
  { code: 'LA', name: 'Los Angeles', prefecture_code: 'CA' },
  { code: 'NYC', name: 'New York City', prefecture_code: 'NY' },
];
