// The off-chain demo content a fresh `npm start` shows: help-centre articles in the five
// languages, banners, primary-sale activities (one in each state) and the launchpad project
// pages. Images are drawn as SVG and stored through the server's upload store (real CIDs).

type Texts = { en: string; 'zh-CN': string; 'zh-TW': string; ja: string; tr: string };

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

export const DEMO_CATEGORIES: { key: string; names: Texts; sort: number }[] = [
  {
    key: 'start',
    sort: 1,
    names: {
      en: 'Getting started',
      'zh-CN': '新手入门',
      'zh-TW': '新手入門',
      ja: 'はじめに',
      tr: 'Başlarken',
    },
  },
  {
    key: 'fees',
    sort: 2,
    names: {
      en: 'Fees and launchpad',
      'zh-CN': '费用与发射台',
      'zh-TW': '費用與發射台',
      ja: '手数料とローンチパッド',
      tr: 'Ücretler ve launchpad',
    },
  },
];

export const DEMO_ARTICLES: { category: string; titles: Texts; contents: Texts }[] = [
  {
    category: 'start',
    titles: {
      en: 'How to connect your wallet',
      'zh-CN': '如何连接钱包',
      'zh-TW': '如何連接錢包',
      ja: 'ウォレットの接続方法',
      tr: 'Cüzdanınızı nasıl bağlarsınız',
    },
    contents: {
      en: p(
        'Click <strong>Connect wallet</strong> in the top bar and choose your browser wallet.',
        'Approve the request to switch to the AIA chain, then sign the welcome message. Signing is free and sends no transaction.',
      ),
      'zh-CN': p(
        '点击顶部栏的<strong>连接钱包</strong>，选择您的浏览器钱包。',
        '同意切换到 AIA 链，然后签署欢迎消息。签名免费，不会发送任何交易。',
      ),
      'zh-TW': p(
        '點擊頂部欄的<strong>連接錢包</strong>，選擇您的瀏覽器錢包。',
        '同意切換到 AIA 鏈，然後簽署歡迎訊息。簽名免費，不會發送任何交易。',
      ),
      ja: p(
        '上部バーの<strong>ウォレットを接続</strong>をクリックし、ブラウザのウォレットを選びます。',
        'AIA チェーンへの切り替えを承認し、ウェルカムメッセージに署名します。署名は無料で、取引は送信されません。',
      ),
      tr: p(
        'Üst çubuktaki <strong>Cüzdan bağla</strong> düğmesine tıklayın ve tarayıcı cüzdanınızı seçin.',
        'AIA ağına geçiş isteğini onaylayın, ardından karşılama mesajını imzalayın. İmzalamak ücretsizdir ve işlem göndermez.',
      ),
    },
  },
  {
    category: 'start',
    titles: {
      en: 'How to buy an NFT',
      'zh-CN': '如何购买 NFT',
      'zh-TW': '如何購買 NFT',
      ja: 'NFT の購入方法',
      tr: 'NFT nasıl satın alınır',
    },
    contents: {
      en: p(
        'Open an item in the marketplace and press <strong>Buy</strong>.',
        'Paying in AIA sends the price with the purchase. Paying in USDT first asks you to approve the amount, then to confirm the purchase.',
      ),
      'zh-CN': p(
        '在市场中打开一个物品并点击<strong>购买</strong>。',
        '使用 AIA 支付时，价格随购买一起发送。使用 USDT 支付时，需要先授权金额，再确认购买。',
      ),
      'zh-TW': p(
        '在市場中打開一個物品並點擊<strong>購買</strong>。',
        '使用 AIA 支付時，價格隨購買一起發送。使用 USDT 支付時，需要先授權金額，再確認購買。',
      ),
      ja: p(
        'マーケットプレイスでアイテムを開き、<strong>購入</strong>を押します。',
        'AIA で支払う場合は購入と同時に代金が送られます。USDT の場合は、まず金額を承認してから購入を確定します。',
      ),
      tr: p(
        'Pazaryerinde bir ürünü açın ve <strong>Satın al</strong> düğmesine basın.',
        'AIA ile ödemede fiyat satın alma ile birlikte gönderilir. USDT ile ödemede önce tutarı onaylar, sonra satın almayı onaylarsınız.',
      ),
    },
  },
  {
    category: 'start',
    titles: {
      en: 'How to list an NFT for sale',
      'zh-CN': '如何上架 NFT',
      'zh-TW': '如何上架 NFT',
      ja: 'NFT の出品方法',
      tr: 'NFT satışa nasıl çıkarılır',
    },
    contents: {
      en: p(
        'Go to <strong>My NFTs</strong>, open the item and press <strong>Sell</strong>.',
        'Enter the price and the coin. The first listing of a collection asks you to approve the marketplace. The NFT stays in your wallet until it is sold.',
      ),
      'zh-CN': p(
        '进入<strong>我的 NFT</strong>，打开物品并点击<strong>出售</strong>。',
        '输入价格和币种。首次上架某个合集时需要授权市场合约。NFT 在售出前一直保留在您的钱包中。',
      ),
      'zh-TW': p(
        '進入<strong>我的 NFT</strong>，打開物品並點擊<strong>出售</strong>。',
        '輸入價格和幣種。首次上架某個合集時需要授權市場合約。NFT 在售出前一直保留在您的錢包中。',
      ),
      ja: p(
        '<strong>マイ NFT</strong> でアイテムを開き、<strong>販売</strong>を押します。',
        '価格と通貨を入力します。コレクションを初めて出品するときはマーケットプレイスの承認が必要です。NFT は売れるまでウォレットに残ります。',
      ),
      tr: p(
        '<strong>NFT’lerim</strong> sayfasında ürünü açın ve <strong>Sat</strong> düğmesine basın.',
        'Fiyatı ve parayı girin. Bir koleksiyonun ilk listelemesinde pazaryerini onaylamanız istenir. NFT satılana kadar cüzdanınızda kalır.',
      ),
    },
  },
  {
    category: 'fees',
    titles: {
      en: 'Fees and royalties',
      'zh-CN': '手续费与版税',
      'zh-TW': '手續費與版稅',
      ja: '手数料とロイヤリティ',
      tr: 'Ücretler ve telif hakları',
    },
    contents: {
      en: p(
        'Each sale pays a platform fee of 2.5 % and the royalty set by the collection creator (at most 10 %).',
        'The seller receives the price minus the fee and the royalty. Listing and cancelling cost only network gas.',
      ),
      'zh-CN': p(
        '每笔成交支付 2.5% 的平台手续费以及合集创作者设置的版税（最多 10%）。',
        '卖家收到价格减去手续费和版税后的金额。上架和取消只需支付网络燃料费。',
      ),
      'zh-TW': p(
        '每筆成交支付 2.5% 的平台手續費以及合集創作者設定的版稅（最多 10%）。',
        '賣家收到價格減去手續費和版稅後的金額。上架和取消只需支付網路燃料費。',
      ),
      ja: p(
        '各取引では 2.5% のプラットフォーム手数料と、コレクション作成者が設定したロイヤリティ（最大 10%）が支払われます。',
        '販売者は価格から手数料とロイヤリティを引いた額を受け取ります。出品と取り消しにはネットワークのガス代のみかかります。',
      ),
      tr: p(
        'Her satışta %2,5 platform ücreti ve koleksiyon sahibinin belirlediği telif (en fazla %10) ödenir.',
        'Satıcı, fiyattan ücret ve telif düşüldükten sonra kalan tutarı alır. Listeleme ve iptal yalnızca ağ ücreti gerektirir.',
      ),
    },
  },
  {
    category: 'fees',
    titles: {
      en: 'Minting on the launchpad',
      'zh-CN': '在发射台铸造',
      'zh-TW': '在發射台鑄造',
      ja: 'ローンチパッドでのミント',
      tr: 'Launchpad’de mint etme',
    },
    contents: {
      en: p(
        'Open a project in progress, press <strong>Mint</strong>, choose a coin and the quantity.',
        'Each wallet and each transaction has a maximum. Some projects also let you <strong>exchange</strong> NFTs you hold for new ones at a fixed ratio.',
      ),
      'zh-CN': p(
        '打开进行中的项目，点击<strong>铸造</strong>，选择币种和数量。',
        '每个钱包和每笔交易都有上限。部分项目还支持按固定比例用持有的 NFT <strong>兑换</strong>新的 NFT。',
      ),
      'zh-TW': p(
        '打開進行中的項目，點擊<strong>鑄造</strong>，選擇幣種和數量。',
        '每個錢包和每筆交易都有上限。部分項目還支援按固定比例用持有的 NFT <strong>兌換</strong>新的 NFT。',
      ),
      ja: p(
        '進行中のプロジェクトを開き、<strong>ミント</strong>を押して通貨と数量を選びます。',
        'ウォレットごと・取引ごとに上限があります。保有している NFT を一定の比率で新しい NFT と<strong>交換</strong>できるプロジェクトもあります。',
      ),
      tr: p(
        'Devam eden bir projeyi açın, <strong>Mint</strong> düğmesine basın, parayı ve adedi seçin.',
        'Her cüzdan ve her işlem için bir üst sınır vardır. Bazı projeler, elinizdeki NFT’leri sabit bir oranla yenileriyle <strong>takas</strong> etmenize de izin verir.',
      ),
    },
  },
];

export const DEMO_BANNER_TITLES = {
  article: {
    en: 'New here? Connect your wallet in a minute',
    'zh-CN': '新用户？一分钟连接钱包',
    'zh-TW': '新用戶？一分鐘連接錢包',
    ja: '初めての方へ：1 分でウォレット接続',
    tr: 'Yeni misiniz? Cüzdanınızı bir dakikada bağlayın',
  },
  activity: {
    en: 'Summer drop: Dragon eggs on sale now',
    'zh-CN': '夏日发售：龙蛋现已开售',
    'zh-TW': '夏日發售：龍蛋現已開售',
    ja: 'サマードロップ：ドラゴンの卵を販売中',
    tr: 'Yaz satışı: Ejderha yumurtaları satışta',
  },
  collection: {
    en: 'Discover AIA Heroes',
    'zh-CN': '探索 AIA 英雄',
    'zh-TW': '探索 AIA 英雄',
    ja: 'AIA ヒーローズを見る',
    tr: 'AIA Kahramanları’nı keşfedin',
  },
} satisfies Record<string, Texts>;

export const DEMO_ACTIVITIES = {
  live: {
    names: {
      en: 'Summer drop: Dragon eggs',
      'zh-CN': '夏日发售：龙蛋',
      'zh-TW': '夏日發售：龍蛋',
      ja: 'サマードロップ：ドラゴンの卵',
      tr: 'Yaz satışı: Ejderha yumurtaları',
    },
    remarks: {
      en: 'Hatch a companion for your next quest. Limited eggs, three rarities.',
      'zh-CN': '为下一次冒险孵化伙伴。数量有限，三种稀有度。',
      'zh-TW': '為下一次冒險孵化夥伴。數量有限，三種稀有度。',
      ja: '次の冒険の相棒を孵化させよう。数量限定、3 つのレア度。',
      tr: 'Bir sonraki göreviniz için bir yoldaş çıkarın. Sınırlı sayıda, üç nadirlik.',
    },
    items: [
      {
        en: 'Ember egg',
        'zh-CN': '余烬蛋',
        'zh-TW': '餘燼蛋',
        ja: '残り火の卵',
        tr: 'Kor yumurtası',
      },
      { en: 'Frost egg', 'zh-CN': '寒霜蛋', 'zh-TW': '寒霜蛋', ja: '霜の卵', tr: 'Ayaz yumurtası' },
      {
        en: 'Storm egg',
        'zh-CN': '风暴蛋',
        'zh-TW': '風暴蛋',
        ja: '嵐の卵',
        tr: 'Fırtına yumurtası',
      },
      {
        en: 'Mystery box',
        'zh-CN': '神秘盲盒',
        'zh-TW': '神秘盲盒',
        ja: 'ミステリーボックス',
        tr: 'Gizem kutusu',
      },
    ],
  },
  upcoming: {
    names: {
      en: 'Legends of the Forge',
      'zh-CN': '熔炉传说',
      'zh-TW': '熔爐傳說',
      ja: '鍛冶場の伝説',
      tr: 'Demirhane Efsaneleri',
    },
    remarks: {
      en: 'Legendary weapons forged by the guild masters. Sale opens soon.',
      'zh-CN': '公会大师锻造的传奇武器，即将开售。',
      'zh-TW': '公會大師鍛造的傳奇武器，即將開售。',
      ja: 'ギルドマスターが鍛えた伝説の武器。まもなく販売開始。',
      tr: 'Lonca ustalarının dövdüğü efsanevi silahlar. Satış yakında.',
    },
    items: [
      {
        en: 'Forge hammer',
        'zh-CN': '熔炉之锤',
        'zh-TW': '熔爐之錘',
        ja: '鍛冶のハンマー',
        tr: 'Demirci çekici',
      },
      {
        en: 'Runic blade',
        'zh-CN': '符文之刃',
        'zh-TW': '符文之刃',
        ja: 'ルーンの刃',
        tr: 'Runik kılıç',
      },
    ],
  },
} as const;

/** The two other activity states: one ended, one sold out (every item gone). */
export const DEMO_PAST_ACTIVITIES = {
  ended: {
    names: {
      en: 'Spring festival: Lucky charms',
      'zh-CN': '春日庆典：幸运护符',
      'zh-TW': '春日慶典：幸運護符',
      ja: '春祭り：幸運のお守り',
      tr: 'Bahar şenliği: Şans tılsımları',
    },
    remarks: {
      en: 'Charms that bring a little luck to every quest. Thank you for joining the festival!',
      'zh-CN': '为每次冒险带来一点好运的护符。感谢参与庆典！',
      'zh-TW': '為每次冒險帶來一點好運的護符。感謝參與慶典！',
      ja: 'どの冒険にも少しの幸運をもたらすお守り。祭りへのご参加ありがとうございました！',
      tr: 'Her göreve biraz şans getiren tılsımlar. Şenliğe katıldığınız için teşekkürler!',
    },
    items: [
      {
        en: 'Clover charm',
        'zh-CN': '四叶草护符',
        'zh-TW': '四葉草護符',
        ja: 'クローバーのお守り',
        tr: 'Yonca tılsımı',
      },
      {
        en: 'Horseshoe charm',
        'zh-CN': '马蹄铁护符',
        'zh-TW': '馬蹄鐵護符',
        ja: '蹄鉄のお守り',
        tr: 'At nalı tılsımı',
      },
    ],
  },
  soldOut: {
    names: {
      en: "Founders' chests",
      'zh-CN': '创始者宝箱',
      'zh-TW': '創始者寶箱',
      ja: '創設者の宝箱',
      tr: 'Kurucu sandıkları',
    },
    remarks: {
      en: 'Every chest found its owner within hours. Watch the marketplace for resales.',
      'zh-CN': '所有宝箱在数小时内售罄。请关注市场上的转售。',
      'zh-TW': '所有寶箱在數小時內售罄。請關注市場上的轉售。',
      ja: 'すべての宝箱が数時間で完売しました。マーケットプレイスでの再販をお見逃しなく。',
      tr: 'Tüm sandıklar birkaç saat içinde sahibini buldu. Yeniden satışlar için pazaryerini izleyin.',
    },
    items: [
      {
        en: 'Silver chest',
        'zh-CN': '白银宝箱',
        'zh-TW': '白銀寶箱',
        ja: '銀の宝箱',
        tr: 'Gümüş sandık',
      },
      {
        en: 'Golden chest',
        'zh-CN': '黄金宝箱',
        'zh-TW': '黃金寶箱',
        ja: '金の宝箱',
        tr: 'Altın sandık',
      },
    ],
  },
} as const;

export const DEMO_PROJECTS = {
  genesis: {
    name: 'AIA Genesis',
    description:
      'The first heroes of the AIA world. Mint with AIA or USDT, or exchange two AIA Heroes for one Genesis hero.',
    projectDesc:
      '<h3>About the project</h3><p>AIA Genesis is a collection of 1,000 heroes that unlock the first season of the game.</p><h3>How to take part</h3><ul><li>Mint with AIA or USDT (up to 10 per transaction, 20 per wallet).</li><li>Or exchange 2 AIA Heroes for 1 Genesis hero.</li></ul>',
    linkCollection: 'aia-genesis',
  },
  relics: {
    name: 'AIA Relics',
    description:
      'Ancient relics that power up your heroes. Mint with AIA or USDT, or swap a game item 1:1.',
    projectDesc:
      '<h3>Relics</h3><p>Each relic boosts one hero attribute. Holders of AIA Game Items can swap them 1:1.</p>',
    linkCollection: 'aia-relics',
  },
  relicsFirst: {
    name: 'AIA Relics: First Light',
    description: 'The first relic sale, now ended. Find the relics on the marketplace.',
    projectDesc: '<p>The First Light sale has ended. Thank you to every early supporter!</p>',
    linkCollection: 'aia-relics',
  },
} as const;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A simple illustrated SVG: a gradient, a few shapes and, when given, a title (no script, no
 * links). Banners get no title: the home page writes its own caption over them.
 */
export function demoSvg(opts: {
  width: number;
  height: number;
  title?: string;
  hue: number;
  shape?: 'circle' | 'diamond' | 'egg';
}): Buffer {
  const { width: w, height: h, hue } = opts;
  const s = Math.min(w, h);
  const shape =
    opts.shape === 'diamond'
      ? `<polygon points="${w / 2},${h / 2 - s * 0.3} ${w / 2 + s * 0.22},${h / 2} ${w / 2},${h / 2 + s * 0.3} ${w / 2 - s * 0.22},${h / 2}" fill="hsl(${(hue + 40) % 360},80%,70%)" opacity="0.9"/>`
      : opts.shape === 'egg'
        ? `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${s * 0.2}" ry="${s * 0.27}" fill="hsl(${(hue + 30) % 360},75%,72%)"/>`
        : `<circle cx="${w / 2}" cy="${h / 2}" r="${s * 0.25}" fill="hsl(${(hue + 60) % 360},70%,65%)" opacity="0.85"/>`;
  const fontSize = Math.max(12, Math.round(s / 10));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},70%,20%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.15}" cy="${h * 0.2}" r="${s * 0.08}" fill="#ffffff" opacity="0.12"/>
<circle cx="${w * 0.85}" cy="${h * 0.8}" r="${s * 0.12}" fill="#ffffff" opacity="0.08"/>
${shape}
${opts.title ? `<text x="${w / 2}" y="${h - fontSize}" font-family="sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(opts.title)}</text>\n` : ''}</svg>
`;
  return Buffer.from(svg, 'utf8');
}

/** A home banner picture (1900x500): shapes only, no text (the page draws the caption). */
export function demoBannerSvg(hue: number, shape: 'circle' | 'diamond' | 'egg'): Buffer {
  return demoSvg({ width: 1900, height: 500, hue, shape });
}
