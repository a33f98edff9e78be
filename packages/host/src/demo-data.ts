// Fictional data behind the demo search endpoints (/api/demo/...) that the example forms point at.
// People, projects and categories are invented. Prefecture codes are the JIS X 0401 codes; city
// codes are this demo's own (prefecture code + a serial number), not official municipality codes.

export interface DemoUser {
  id: string;
  name: string;
  name_en: string;
  kana: string;
  department: string;
  email: string;
}

const PEOPLE: Array<[string, string, string, string]> = [
  ['山田 太郎', 'Taro Yamada', 'やまだ たろう', '開発部'],
  ['佐藤 花子', 'Hanako Sato', 'さとう はなこ', 'デザイン部'],
  ['鈴木 一郎', 'Ichiro Suzuki', 'すずき いちろう', '開発部'],
  ['高橋 美咲', 'Misaki Takahashi', 'たかはし みさき', '営業部'],
  ['田中 健太', 'Kenta Tanaka', 'たなか けんた', '開発部'],
  ['伊藤 さくら', 'Sakura Ito', 'いとう さくら', '人事部'],
  ['渡辺 翔', 'Sho Watanabe', 'わたなべ しょう', 'インフラ部'],
  ['山本 愛', 'Ai Yamamoto', 'やまもと あい', '品質保証部'],
  ['中村 大輔', 'Daisuke Nakamura', 'なかむら だいすけ', '開発部'],
  ['小林 由美', 'Yumi Kobayashi', 'こばやし ゆみ', 'マーケティング部'],
  ['加藤 拓也', 'Takuya Kato', 'かとう たくや', 'インフラ部'],
  ['吉田 真央', 'Mao Yoshida', 'よしだ まお', 'デザイン部'],
  ['山口 蓮', 'Ren Yamaguchi', 'やまぐち れん', '開発部'],
  ['松本 結衣', 'Yui Matsumoto', 'まつもと ゆい', '営業部'],
  ['井上 陽太', 'Yota Inoue', 'いのうえ ようた', '品質保証部'],
  ['木村 彩', 'Aya Kimura', 'きむら あや', '経理部'],
  ['林 優斗', 'Yuto Hayashi', 'はやし ゆうと', '開発部'],
  ['清水 美月', 'Mizuki Shimizu', 'しみず みづき', 'マーケティング部'],
  ['山崎 颯', 'Hayate Yamazaki', 'やまざき はやて', 'インフラ部'],
  ['森 千尋', 'Chihiro Mori', 'もり ちひろ', '人事部'],
  ['Alice Martin', 'Alice Martin', 'ありす まーたん', 'Engineering'],
  ['Bob Chen', 'Bob Chen', 'ぼぶ ちぇん', 'Sales'],
  ['Carla Gómez', 'Carla Gómez', 'かるら ごめす', 'Design'],
  ['David Okafor', 'David Okafor', 'でいびっど おかふぉー', 'Engineering'],
];

export const USERS: DemoUser[] = PEOPLE.map(([name, nameEn, kana, department], i) => ({
  id: `u${String(i + 1).padStart(3, '0')}`,
  name,
  name_en: nameEn,
  kana,
  department,
  email: `${nameEn
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]+/g, '.')}@example.com`,
}));

export interface DemoProject {
  id: string;
  name: string;
  key: string;
  owner: string;
}

export const PROJECTS: DemoProject[] = [
  ['ウェブサイト刷新', 'WEB', 'u001'],
  ['モバイルアプリ v2', 'MOB', 'u003'],
  ['社内ポータル', 'PORTAL', 'u005'],
  ['決済 API 移行', 'PAY', 'u009'],
  ['データ基盤', 'DATA', 'u013'],
  ['Customer Onboarding', 'ONB', 'u021'],
  ['Analytics Dashboard', 'ANA', 'u024'],
  ['採用キャンペーン 2026', 'HIRE', 'u006'],
].map(([name, key, owner], i) => ({ id: `p${String(i + 1).padStart(3, '0')}`, name, key, owner }));

export const CATEGORIES = [
  { id: 'bug', name: 'バグ', name_en: 'Bug' },
  { id: 'feature', name: '機能追加', name_en: 'Feature' },
  { id: 'improvement', name: '改善', name_en: 'Improvement' },
  { id: 'docs', name: 'ドキュメント', name_en: 'Documentation' },
  { id: 'question', name: '質問', name_en: 'Question' },
  { id: 'ops', name: '運用', name_en: 'Operations' },
];

export const COUNTRIES = [
  { code: 'JP', name: '日本', name_en: 'Japan' },
  { code: 'US', name: 'アメリカ合衆国', name_en: 'United States' },
  { code: 'GB', name: 'イギリス', name_en: 'United Kingdom' },
  { code: 'FR', name: 'フランス', name_en: 'France' },
  { code: 'DE', name: 'ドイツ', name_en: 'Germany' },
  { code: 'KR', name: '韓国', name_en: 'South Korea' },
  { code: 'CN', name: '中国', name_en: 'China' },
  { code: 'TW', name: '台湾', name_en: 'Taiwan' },
  { code: 'AU', name: 'オーストラリア', name_en: 'Australia' },
  { code: 'CA', name: 'カナダ', name_en: 'Canada' },
];

/** The 47 prefectures with their JIS X 0401 codes and a few of their cities each. */
const PREFECTURE_TABLE: Array<[string, string, string[]]> = [
  ['北海道', 'Hokkaido', ['札幌市', '函館市', '旭川市', '釧路市']],
  ['青森県', 'Aomori', ['青森市', '弘前市', '八戸市']],
  ['岩手県', 'Iwate', ['盛岡市', '宮古市', '一関市']],
  ['宮城県', 'Miyagi', ['仙台市', '石巻市', '気仙沼市']],
  ['秋田県', 'Akita', ['秋田市', '横手市', '大館市']],
  ['山形県', 'Yamagata', ['山形市', '米沢市', '鶴岡市']],
  ['福島県', 'Fukushima', ['福島市', '郡山市', 'いわき市', '会津若松市']],
  ['茨城県', 'Ibaraki', ['水戸市', 'つくば市', '日立市']],
  ['栃木県', 'Tochigi', ['宇都宮市', '足利市', '日光市']],
  ['群馬県', 'Gunma', ['前橋市', '高崎市', '桐生市']],
  ['埼玉県', 'Saitama', ['さいたま市', '川越市', '川口市', '所沢市']],
  ['千葉県', 'Chiba', ['千葉市', '船橋市', '柏市', '浦安市']],
  ['東京都', 'Tokyo', ['千代田区', '中央区', '港区', '新宿区', '渋谷区', '世田谷区', '八王子市', '武蔵野市']],
  ['神奈川県', 'Kanagawa', ['横浜市', '川崎市', '相模原市', '鎌倉市', '藤沢市']],
  ['新潟県', 'Niigata', ['新潟市', '長岡市', '上越市']],
  ['富山県', 'Toyama', ['富山市', '高岡市', '黒部市']],
  ['石川県', 'Ishikawa', ['金沢市', '七尾市', '小松市']],
  ['福井県', 'Fukui', ['福井市', '敦賀市', '小浜市']],
  ['山梨県', 'Yamanashi', ['甲府市', '富士吉田市', '笛吹市']],
  ['長野県', 'Nagano', ['長野市', '松本市', '上田市', '軽井沢町']],
  ['岐阜県', 'Gifu', ['岐阜市', '大垣市', '高山市']],
  ['静岡県', 'Shizuoka', ['静岡市', '浜松市', '沼津市', '熱海市']],
  ['愛知県', 'Aichi', ['名古屋市', '豊橋市', '岡崎市', '豊田市']],
  ['三重県', 'Mie', ['津市', '四日市市', '伊勢市']],
  ['滋賀県', 'Shiga', ['大津市', '彦根市', '草津市']],
  ['京都府', 'Kyoto', ['京都市', '宇治市', '舞鶴市']],
  ['大阪府', 'Osaka', ['大阪市', '堺市', '豊中市', '吹田市']],
  ['兵庫県', 'Hyogo', ['神戸市', '姫路市', '西宮市', '尼崎市']],
  ['奈良県', 'Nara', ['奈良市', '橿原市', '生駒市']],
  ['和歌山県', 'Wakayama', ['和歌山市', '田辺市', '新宮市']],
  ['鳥取県', 'Tottori', ['鳥取市', '米子市', '倉吉市']],
  ['島根県', 'Shimane', ['松江市', '出雲市', '浜田市']],
  ['岡山県', 'Okayama', ['岡山市', '倉敷市', '津山市']],
  ['広島県', 'Hiroshima', ['広島市', '福山市', '呉市', '尾道市']],
  ['山口県', 'Yamaguchi', ['山口市', '下関市', '宇部市']],
  ['徳島県', 'Tokushima', ['徳島市', '鳴門市', '阿南市']],
  ['香川県', 'Kagawa', ['高松市', '丸亀市', '坂出市']],
  ['愛媛県', 'Ehime', ['松山市', '今治市', '宇和島市']],
  ['高知県', 'Kochi', ['高知市', '南国市', '四万十市']],
  ['福岡県', 'Fukuoka', ['福岡市', '北九州市', '久留米市']],
  ['佐賀県', 'Saga', ['佐賀市', '唐津市', '鳥栖市']],
  ['長崎県', 'Nagasaki', ['長崎市', '佐世保市', '諫早市']],
  ['熊本県', 'Kumamoto', ['熊本市', '八代市', '天草市']],
  ['大分県', 'Oita', ['大分市', '別府市', '中津市']],
  ['宮崎県', 'Miyazaki', ['宮崎市', '都城市', '延岡市']],
  ['鹿児島県', 'Kagoshima', ['鹿児島市', '霧島市', '奄美市']],
  ['沖縄県', 'Okinawa', ['那覇市', '沖縄市', '石垣市', '名護市']],
];

export interface DemoPrefecture {
  code: string;
  name: string;
  name_en: string;
  country_code: 'JP';
}

export interface DemoCity {
  code: string;
  name: string;
  prefecture_code: string;
}

export const PREFECTURES: DemoPrefecture[] = PREFECTURE_TABLE.map(([name, nameEn], i) => ({
  code: String(i + 1).padStart(2, '0'),
  name,
  name_en: nameEn,
  country_code: 'JP',
}));

export const CITIES: DemoCity[] = PREFECTURE_TABLE.flatMap(([, , cities], i) =>
  cities.map((name, j) => {
    const prefecture = String(i + 1).padStart(2, '0');
    return { code: `${prefecture}${String(j + 1).padStart(3, '0')}`, name, prefecture_code: prefecture };
  }),
);

/** Search folding: NFKC (full-width to half-width and the like) and lower case. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Items whose listed text fields contain the query, case- and width-insensitive; all items for an empty query. */
export function searchItems<T>(
  items: readonly T[],
  query: string,
  fields: Array<keyof T>,
  limit: number,
): T[] {
  const needle = fold(query.trim());
  const hits = needle
    ? items.filter((item) => fields.some((field) => fold(String(item[field] ?? '')).includes(needle)))
    : [...items];
  return hits.slice(0, limit);
}
