/**
 * Which character encoding a text file's bytes are in, and its text in any of the encodings a
 * preview offers. Pure: the bytes in, a WHATWG encoding label out (TextDecoder does the rest).
 */

/** The encodings a preview offers, by their WHATWG labels. */
export const TEXT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'gb18030',
  'big5',
  'shift_jis',
  'euc-kr',
  'windows-1252',
] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** How each encoding is called in the choice (GB18030 is the superset of GBK browsers decode). */
export const ENCODING_NAMES: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16LE',
  'utf-16be': 'UTF-16BE',
  gb18030: 'GBK / GB18030',
  big5: 'Big5',
  shift_jis: 'Shift_JIS',
  'euc-kr': 'EUC-KR',
  'windows-1252': 'Latin-1',
};

export const isTextEncoding = (value: unknown): value is TextEncoding =>
  typeof value === 'string' && (TEXT_ENCODINGS as readonly string[]).includes(value);

/** The bytes as text; a sequence cut at the end of a partial read is left out, not replaced. */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  return new TextDecoder(encoding).decode(bytes, { stream: true });
}

/** The text, or null when the bytes are not valid in that encoding. */
function decodeStrictly(bytes: Uint8Array, encoding: TextEncoding): string | null {
  try {
    // `stream`: a character cut by the preview's size cap is not an error.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

function byteOrderMark(bytes: Uint8Array): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 without a mark: Latin text in it has a NUL beside nearly every other byte. */
function utf16ByNuls(bytes: Uint8Array): TextEncoding | null {
  const pairs = Math.min(bytes.length, 4096) >> 1;
  if (pairs < 2) return null;
  let even = 0;
  let odd = 0;
  for (let index = 0; index < pairs * 2; index += 2) {
    if (bytes[index] === 0) even++;
    if (bytes[index + 1] === 0) odd++;
  }
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be';
  return null;
}

// The most frequent characters of each script: real text in the right encoding is mostly made of
// them; the same bytes read in a wrong one give rarer characters of any kind.
const COMMON_SIMPLIFIED =
  '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁纸诸训私庄祖丝翻暴森塔默握戏隐熟骨访弱蒙歌店鬼软典欲萨伙遭盘爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣曲刀床迎冰虚玩析窗醒妻透购替塞努休虎扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震弃甲伟麻川申缓潜闪售灯针哲络抵朱埃抱鼓植纯夏忍页杰筑折郑贝尊吴秀混臣雅振染盛怒舞圆搞狂措姓残秋培迷诚宽宇猛摆梅毁伸摩盟末乃悲拍丁赵件档码';
const COMMON_TRADITIONAL =
  '的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實日軍者意無力它與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很最重並物手應戰向頭文體政美相見被利什二等產或新己製身果加西斯月話合回特代內信表化老給世位次度門任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平系氣題活爾更別打女變四神總何電數安少報才結反受目太量再感建務做接必場件計管期市直德資命山金指克許統區保至隊形社便空決治展馬科司五基眼書非則聽白卻界達光放強即像難且權思王象完設式色路記南品住告類求據程北邊死張該交規萬取拉格望覺術領共確傳師觀清今切院讓識候帶導爭運笑飛風步改收根乾造言聯持組每濟車親極林服快辦議往元英士證近失轉夫令準布始怎呢存未遠叫台單影具羅字愛擊流備兵連調深商算質團集百需價花黨華城石級整府離況亞請技際約示復病息究線似官火斷精滿支視消越器容照須九增研寫稱企八功嗎包片史委乎查輕易早曾除農找裝廣顯吧阿李標談吃圖念六引歷首醫局突專費號盡另周較注語僅考落青隨選列武紅響雖推勢參希古眾構房半節土投某案黑維革劃敵致陳律足態護七興派孩驗責營星夠章音跟志底站嚴巴例防族供效續施留講型料終答緊黃絕奇察母京段依批群項故按河米圍江織害鬥雙境客紀採舉殺攻父蘇密低朝友訴止細願千值仍男錢破網熱助倒育屬坐帝限船臉職速刻樂否剛威毛狀率甚獨球般普怕彈校苦創假久錯承印晚蘭試股拿腦預誰益陽若哪微尼繼送急血驚傷素藥適波夜省初喜衛源食險待述陸習置居勞財環排福納歡雷警獲模充負雲停木遊龍樹疑層冷洲衝射略範竟句室異激漢村哈策演簡卡罪判擔州靜退既衣您宗積餘痛檢差富靈協角佔配徵修皮揮勝降階審沉堅善媽劉讀啊超免壓銀買皇養伊懷執副亂抗犯追幫宣佛歲航優怪香著田鐵控稅左右份穿藝背陣草腳概惡塊頓敢守酒島托央戶烈洋哥索胡款靠評版寶座釋景顧弟登貨互付伯慢歐換聞危忙核暗姐介壞討麗良序升監臨亮露永呼味野架域沙掉括艦魚雜誤灣吉減編楚肯測敗屋跑夢散溫困劍漸封救貴槍缺樓縣尚毫移娘朋畫班智亦耳恩短掌恐遺固席松秘謝魯遇康慮幸均銷鐘詩藏趕劇票損忽巨炮舊端探湖錄葉春鄉附吸予禮港雨呀板庭婦歸睛飯額含順輸搖招婚脫補謂督毒油療旅澤材滅逐莫筆亡鮮詞聖擇尋廠睡博勒煙授諾倫岸奧唐賣俄炸載洛健堂旁宮喝借君禁陰園謀宋避抓榮姑孫逃牙束跳頂玉鎮雪午練迫爺篇肉嘴館遍凡礎洞卷坦牛寧紙諸訓私莊祖絲翻暴森塔默握戲隱熟骨訪弱蒙歌店鬼軟典欲薩伙遭盤爸擴蓋弄雄穩忘億刺擁徒姆楊齊賽趣曲刀床迎冰虛玩析窗醒妻透購替塞努休虎揚途侵刑綠兄迅套貿畢唯谷輪庫跡尤競街促延震棄甲偉麻川申緩潛閃售燈針哲絡抵朱埃抱鼓植純夏忍頁傑築折鄭貝尊吳秀混臣雅振染盛怒舞圓搞狂措姓殘秋培迷誠寬宇猛擺梅毀伸摩盟末乃悲拍丁趙件檔碼';
const COMMON_HANGUL =
  '이다는의에가을하고지서리기한들도로나사를게시자대어수인해보니면라요습있것그전주정일만제상아부거경과여우되구내했무까원동장개문같말성야중때않연세생신안적물위소방실분기화님오저요됩니없저해서러계운교또관공당용학회미발행양통결히직사비음민금유선에서저희간심명전모두여러하는';

/** Characters that say "this is the language of this encoding"; an empty set counts none. */
const simplified = new Set(COMMON_SIMPLIFIED);
const traditional = new Set(COMMON_TRADITIONAL);
const hangul = new Set(COMMON_HANGUL);
const SCRIPT_OF: Record<'gb18030' | 'big5' | 'shift_jis' | 'euc-kr', (char: string) => boolean> = {
  gb18030: (char) => simplified.has(char),
  big5: (char) => traditional.has(char),
  // Full-width kana (a wrong reading gives half-width ones), and kanji Chinese uses too.
  shift_jis: (char) =>
    (char >= '\u3041' && char <= '\u30fe') || simplified.has(char) || traditional.has(char),
  'euc-kr': (char) => hangul.has(char),
};

const isAsciiLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);
/** À to ÿ, except × and ÷. */
const isLatinLetter = (char: string) => /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]/.test(char);

/** Typographic punctuation CJK texts share (full-width and CJK symbols): neutral in the score. */
const isNeutral = (char: string) =>
  /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\u2010-\u2027]/.test(char);

/** Share (0 to 1) of the non-ASCII characters that are typical of the encoding's language. */
export function plausibility(text: string, encoding: TextEncoding): number {
  const chars = [...text];
  let counted = 0;
  let typical = 0;
  chars.forEach((char, index) => {
    if (char <= '\u007f' || isNeutral(char)) return;
    counted++;
    if (encoding === 'windows-1252') {
      // An accented letter inside a word; CJK bytes read as Latin-1 give runs of them instead.
      const inWord = isAsciiLetter(chars[index - 1]) || isAsciiLetter(chars[index + 1]);
      if (isLatinLetter(char) && inWord) typical++;
      return;
    }
    if (encoding in SCRIPT_OF && SCRIPT_OF[encoding as keyof typeof SCRIPT_OF](char)) typical++;
  });
  return counted === 0 ? 0 : typical / counted;
}

/** The legacy encodings scored when the bytes are not Unicode, in the order ties go. */
const LEGACY: readonly TextEncoding[] = ['gb18030', 'big5', 'shift_jis', 'euc-kr', 'windows-1252'];

/**
 * The encoding of a text file's first bytes: a byte order mark, valid UTF-8, UTF-16 by its
 * NULs, else the legacy encoding that decodes them without error into the most typical text.
 */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  const marked = byteOrderMark(bytes);
  if (marked) return marked;
  const utf16 = utf16ByNuls(bytes);
  if (utf16) return utf16;
  if (decodeStrictly(bytes, 'utf-8') !== null) return 'utf-8';
  // A sample is enough to score, and keeps a mebibyte from being decoded five times.
  const sample = bytes.subarray(0, 64 * 1024);
  let best: { encoding: TextEncoding; score: number } = { encoding: 'windows-1252', score: -1 };
  for (const encoding of LEGACY) {
    const text = decodeStrictly(sample, encoding);
    if (text === null) continue;
    const score = plausibility(text, encoding);
    if (score > best.score) best = { encoding, score };
  }
  return best.encoding;
}
