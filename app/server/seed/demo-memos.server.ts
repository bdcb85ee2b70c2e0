import type { ConstructionStage, DeveloperProject } from "~/domain/opportunity-memo";
import type { demoOpportunities } from "./demo-content.server";

type DemoTitle = (typeof demoOpportunities)[number]["title"];

/** A memo's words in one language. */
interface MemoWords {
  district: string;
  city: string;
  fees: string;
  exitRoute: string;
  holdingPeriod: string;
  keyRisks: string[];
}

interface DemoMemo {
  en: MemoWords;
  ar: MemoWords;
  ckb: MemoWords;
  latitude: number;
  longitude: number;
  developerYearsActive: number;
  developerProjects: DeveloperProject[];
  /** Shares as typed, in percent (exact decimals: "12.5", "33.33"). */
  paymentPlan: { share: string; label: Phrase; milestone: Phrase }[];
  constructionStage: ConstructionStage;
  percentComplete: number | null;
  lastSiteVisit: string | null;
}

/** A phrase of the payment plans in the three languages. */
interface Phrase {
  en: string;
  ar: string;
  ckb: string;
}

const P = {
  deposit: { en: "Booking deposit", ar: "دفعة الحجز", ckb: "پێشەکیی حیجزکردن" },
  downPayment: { en: "Down payment", ar: "الدفعة الأولى", ckb: "یەکەم پارەدان" },
  onSigning: { en: "On signing", ar: "عند التوقيع", ckb: "لە کاتی واژۆکردن" },
  second: { en: "Second instalment", ar: "القسط الثاني", ckb: "قیستی دووەم" },
  third: { en: "Third instalment", ar: "القسط الثالث", ckb: "قیستی سێیەم" },
  construction: { en: "Construction instalment", ar: "قسط البناء", ckb: "قیستی بیناسازی" },
  balance: { en: "Balance", ar: "الرصيد المتبقي", ckb: "ماوەی پارەکە" },
  atReservation: { en: "On reservation", ar: "عند الحجز", ckb: "لە کاتی حیجزکردن" },
  atContract: { en: "On signing the sale contract", ar: "عند توقيع عقد البيع", ckb: "لە کاتی واژۆکردنی گرێبەستی فرۆشتن" },
  sixMonths: { en: "Six months after signing", ar: "بعد ستة أشهر من التوقيع", ckb: "شەش مانگ دوای واژۆکردن" },
  structureDone: { en: "When the structure is complete", ar: "عند اكتمال الهيكل الإنشائي", ckb: "کاتێک پەیکەرەکە تەواو دەبێت" },
  facadeDone: { en: "When the façade is complete", ar: "عند اكتمال الواجهات", ckb: "کاتێک ڕووکارەکان تەواو دەبن" },
  atHandover: { en: "At handover", ar: "عند التسليم", ckb: "لە کاتی ڕادەستکردن" },
} satisfies Record<string, Phrase>;

/**
 * The demo portfolio's investment memos (issue 33), by the English title the seed inserts
 * each opportunity under: every section filled, in English, Arabic and Sorani. Clearly
 * illustrative: the fees and exit routes say so, and the track records are invented.
 */
export const demoMemos: Record<DemoTitle, DemoMemo> = {
  "Erbil Citadel Residences": {
    latitude: 36.1926,
    longitude: 44.0106,
    developerYearsActive: 16,
    developerProjects: [
      { name: "Zagros Towers, Erbil", year: 2016, status: "delivered" },
      { name: "Ankawa Park Residences", year: 2020, status: "delivered" },
      { name: "Gulan Business Centre", year: 2027, status: "under_construction" },
    ],
    paymentPlan: [
      { share: "10", label: P.deposit, milestone: P.atReservation },
      { share: "20", label: P.downPayment, milestone: P.atContract },
      { share: "70", label: P.balance, milestone: P.atHandover },
    ],
    constructionStage: "structure",
    percentComplete: 56,
    lastSiteVisit: "2026-11-12",
    en: {
      district: "Iskan",
      city: "Erbil",
      fees: "Illustrative example: a 2% advisory fee on the amount invested, paid once on signing; no annual management fee.",
      exitRoute: "Illustrative example: resale of the completed apartments on the secondary market after handover, or holding them for rental income.",
      holdingPeriod: "3 to 4 years",
      keyRisks: [
        "Construction delay: handover may slip if materials or labour run short.",
        "Currency: rents are set in US dollars today; a move to Iraqi dinars would expose returns to the exchange rate.",
        "Demand: the rental premium depends on consulates and oil-service firms staying in Erbil.",
      ],
    },
    ar: {
      district: "الإسكان",
      city: "أربيل",
      fees: "مثال توضيحي: رسوم استشارية بنسبة 2% من المبلغ المستثمر تُدفع مرة واحدة عند التوقيع، دون رسوم إدارة سنوية.",
      exitRoute: "مثال توضيحي: إعادة بيع الشقق المكتملة في السوق الثانوية بعد التسليم، أو الاحتفاظ بها لدخل الإيجار.",
      holdingPeriod: "من 3 إلى 4 سنوات",
      keyRisks: [
        "تأخر البناء: قد يتأخر التسليم إذا شحّت المواد أو الأيدي العاملة.",
        "العملة: تُحدَّد الإيجارات اليوم بالدولار الأمريكي، والتحول إلى الدينار العراقي يعرّض العوائد لتقلبات سعر الصرف.",
        "الطلب: تعتمد علاوة الإيجار على بقاء القنصليات وشركات الخدمات النفطية في أربيل.",
      ],
    },
    ckb: {
      district: "ئیسکان",
      city: "هەولێر",
      fees: "نموونەی ڕوونکەرەوە: کرێی ڕاوێژکاریی 2% لە بڕی وەبەرهێنراو، یەک جار لە کاتی واژۆکردن دەدرێت؛ هیچ کرێی بەڕێوەبردنی ساڵانە نییە.",
      exitRoute: "نموونەی ڕوونکەرەوە: فرۆشتنەوەی شوقە تەواوکراوەکان لە بازاڕی دووەمدا دوای ڕادەستکردن، یان هێشتنەوەیان بۆ داهاتی کرێ.",
      holdingPeriod: "3 تا 4 ساڵ",
      keyRisks: [
        "دواکەوتنی بیناسازی: ڕادەستکردن لەوانەیە دوا بکەوێت ئەگەر کەرەستە یان کرێکار کەم بێت.",
        "دراو: ئەمڕۆ کرێکان بە دۆلاری ئەمریکی دیاری دەکرێن؛ گۆڕین بۆ دیناری عێراقی قازانجەکان دەخاتە بەر مەترسیی نرخی ئاڵوگۆڕ.",
        "داواکاری: زیادەی کرێ پشت بە مانەوەی کونسوڵخانەکان و کۆمپانیاکانی خزمەتگوزاریی نەوت لە هەولێر دەبەستێت.",
      ],
    },
  },
  "Tigris Gardens, Baghdad": {
    latitude: 33.2795,
    longitude: 44.3812,
    developerYearsActive: 9,
    developerProjects: [
      { name: "Mansour Court, Baghdad", year: 2019, status: "delivered" },
      { name: "Karrada Riverside", year: 2024, status: "delivered" },
    ],
    paymentPlan: [
      { share: "15", label: P.downPayment, milestone: P.atContract },
      { share: "35", label: P.construction, milestone: P.structureDone },
      { share: "50", label: P.balance, milestone: P.atHandover },
    ],
    constructionStage: "groundworks",
    percentComplete: 18,
    lastSiteVisit: "2026-10-28",
    en: {
      district: "Jadriya",
      city: "Baghdad",
      fees: "Illustrative example: a 2.5% advisory fee on the amount invested, paid on signing, and a 1% registration fee at the Real Estate Registry.",
      exitRoute: "Illustrative example: sale of the units at the public launch price once title deeds are registered.",
      holdingPeriod: "4 to 5 years",
      keyRisks: [
        "Title registration in Baghdad can take longer than planned.",
        "Security conditions in the city may affect sales and rents.",
        "The developer has not yet delivered a project of this size.",
      ],
    },
    ar: {
      district: "الجادرية",
      city: "بغداد",
      fees: "مثال توضيحي: رسوم استشارية بنسبة 2.5% من المبلغ المستثمر تُدفع عند التوقيع، ورسوم تسجيل بنسبة 1% في دائرة التسجيل العقاري.",
      exitRoute: "مثال توضيحي: بيع الوحدات بسعر الإطلاق العام بعد تسجيل سندات الملكية.",
      holdingPeriod: "من 4 إلى 5 سنوات",
      keyRisks: [
        "قد يستغرق تسجيل الملكية في بغداد وقتًا أطول من المخطط له.",
        "قد تؤثر الأوضاع الأمنية في المدينة على المبيعات والإيجارات.",
        "لم يسبق للمطوّر أن سلّم مشروعًا بهذا الحجم.",
      ],
    },
    ckb: {
      district: "جادریە",
      city: "بەغدا",
      fees: "نموونەی ڕوونکەرەوە: کرێی ڕاوێژکاریی 2.5% لە بڕی وەبەرهێنراو لە کاتی واژۆکردن، و کرێی تۆمارکردنی 1% لە فەرمانگەی تۆماری خانووبەرە.",
      exitRoute: "نموونەی ڕوونکەرەوە: فرۆشتنی یەکەکان بە نرخی ڕاگەیاندنی گشتی دوای تۆمارکردنی سەنەدی خاوەندارێتی.",
      holdingPeriod: "4 تا 5 ساڵ",
      keyRisks: [
        "تۆمارکردنی خاوەندارێتی لە بەغدا لەوانەیە لە پلان زیاتر بخایەنێت.",
        "بارودۆخی ئاسایش لە شارەکە لەوانەیە کار بکاتە سەر فرۆشتن و کرێ.",
        "گەشەپێدەر هێشتا پرۆژەیەکی بەم قەبارەیەی ڕادەست نەکردووە.",
      ],
    },
  },
  "Creek Harbour Lofts, Dubai": {
    latitude: 25.2016,
    longitude: 55.3455,
    developerYearsActive: 21,
    developerProjects: [
      { name: "Meridian Marina Residences", year: 2014, status: "delivered" },
      { name: "Meridian Bay Tower", year: 2019, status: "delivered" },
      { name: "Meridian Hills", year: 2027, status: "under_construction" },
    ],
    paymentPlan: [
      { share: "20", label: P.deposit, milestone: P.atReservation },
      { share: "10", label: P.second, milestone: P.sixMonths },
      { share: "10", label: P.third, milestone: P.facadeDone },
      { share: "60", label: P.balance, milestone: P.atHandover },
    ],
    constructionStage: "envelope",
    percentComplete: 72,
    lastSiteVisit: "2026-11-05",
    en: {
      district: "Dubai Creek Harbour",
      city: "Dubai",
      fees: "Illustrative example: a 1.5% advisory fee on signing and the Dubai Land Department's 4% transfer fee, paid by the buyer.",
      exitRoute: "Illustrative example: resale after the two-year rental guarantee ends.",
      holdingPeriod: "3 years from handover",
      keyRisks: [
        "Oversupply: many towers complete in Dubai in the same years, which may hold back resale prices.",
        "The rental guarantee depends on the developer's hospitality arm remaining solvent.",
        "Service charges may rise faster than rents.",
      ],
    },
    ar: {
      district: "دبي كريك هاربر",
      city: "دبي",
      fees: "مثال توضيحي: رسوم استشارية بنسبة 1.5% عند التوقيع، ورسوم نقل الملكية لدى دائرة الأراضي والأملاك في دبي بنسبة 4% يدفعها المشتري.",
      exitRoute: "مثال توضيحي: إعادة البيع بعد انتهاء ضمان الإيجار لمدة عامين.",
      holdingPeriod: "3 سنوات من التسليم",
      keyRisks: [
        "فائض العرض: تكتمل أبراج كثيرة في دبي في السنوات نفسها، مما قد يحدّ من أسعار إعادة البيع.",
        "يعتمد ضمان الإيجار على بقاء ذراع الضيافة التابعة للمطوّر قادرة على الوفاء بالتزاماتها.",
        "قد ترتفع رسوم الخدمات أسرع من الإيجارات.",
      ],
    },
    ckb: {
      district: "دوبەی کریک هاربەر",
      city: "دوبەی",
      fees: "نموونەی ڕوونکەرەوە: کرێی ڕاوێژکاریی 1.5% لە کاتی واژۆکردن، و کرێی گواستنەوەی 4%ی فەرمانگەی زەوی و موڵکی دوبەی کە کڕیار دەیدات.",
      exitRoute: "نموونەی ڕوونکەرەوە: فرۆشتنەوە دوای کۆتایی هاتنی گەرەنتیی کرێی دوو ساڵە.",
      holdingPeriod: "3 ساڵ لە ڕادەستکردنەوە",
      keyRisks: [
        "زیادەی خستنەڕوو: زۆر تاوەر لە هەمان ساڵەکاندا لە دوبەی تەواو دەبن، کە لەوانەیە نرخی فرۆشتنەوە ڕابگرێت.",
        "گەرەنتیی کرێ پشت بە توانای پابەندبوونی باڵی میوانداریی گەشەپێدەر دەبەستێت.",
        "کرێی خزمەتگوزاری لەوانەیە خێراتر لە کرێی خانوو بەرز ببێتەوە.",
      ],
    },
  },
  "Abdali Business Quarter Offices": {
    latitude: 31.9622,
    longitude: 35.9093,
    developerYearsActive: 12,
    developerProjects: [
      { name: "Shmeisani Offices", year: 2017, status: "delivered" },
      { name: "Sweifieh Plaza", year: 2021, status: "delivered" },
    ],
    paymentPlan: [
      { share: "25", label: P.downPayment, milestone: P.atContract },
      { share: "25", label: P.construction, milestone: P.structureDone },
      { share: "50", label: P.balance, milestone: P.atHandover },
    ],
    constructionStage: "fit_out",
    percentComplete: 88,
    lastSiteVisit: "2026-11-18",
    en: {
      district: "Al-Abdali",
      city: "Amman",
      fees: "Illustrative example: a 2% advisory fee on signing and a 0.75% yearly asset-management fee on the rent collected.",
      exitRoute: "Illustrative example: sale of the let floors to an income fund or a regional bank once the anchor lease is running.",
      holdingPeriod: "5 years",
      keyRisks: [
        "If the anchor tenant leaves early, floors may stand empty while new tenants are found.",
        "Office demand in Amman grows slowly, so a sale may take time.",
        "Changes to Jordanian property taxes could reduce net income.",
      ],
    },
    ar: {
      district: "العبدلي",
      city: "عمّان",
      fees: "مثال توضيحي: رسوم استشارية بنسبة 2% عند التوقيع، ورسوم إدارة أصول سنوية بنسبة 0.75% من الإيجار المحصَّل.",
      exitRoute: "مثال توضيحي: بيع الطوابق المؤجرة لصندوق دخل أو لمصرف إقليمي بعد بدء عقد المستأجر الرئيسي.",
      holdingPeriod: "5 سنوات",
      keyRisks: [
        "إذا غادر المستأجر الرئيسي مبكرًا، قد تبقى الطوابق شاغرة ريثما يُعثر على مستأجرين جدد.",
        "ينمو الطلب على المكاتب في عمّان ببطء، لذا قد يستغرق البيع وقتًا.",
        "قد تُقلّص التغييرات في ضرائب العقارات الأردنية صافي الدخل.",
      ],
    },
    ckb: {
      district: "عەبدەلی",
      city: "عەممان",
      fees: "نموونەی ڕوونکەرەوە: کرێی ڕاوێژکاریی 2% لە کاتی واژۆکردن، و کرێی ساڵانەی بەڕێوەبردنی سەرمایەی 0.75% لە کرێی وەرگیراو.",
      exitRoute: "نموونەی ڕوونکەرەوە: فرۆشتنی نهۆمە بەکرێدراوەکان بە سندوقێکی داهات یان بانکێکی هەرێمی دوای دەستپێکردنی گرێبەستی کرێچیی سەرەکی.",
      holdingPeriod: "5 ساڵ",
      keyRisks: [
        "ئەگەر کرێچیی سەرەکی زوو بڕوات، نهۆمەکان لەوانەیە بەتاڵ بمێننەوە تا کرێچیی نوێ دەدۆزرێتەوە.",
        "داواکاری لەسەر نووسینگە لە عەممان هێواش گەشە دەکات، بۆیە فرۆشتن لەوانەیە کاتی پێ بچێت.",
        "گۆڕانکاری لە باجی موڵکی ئوردن لەوانەیە داهاتی پاک کەم بکاتەوە.",
      ],
    },
  },
  "Basra Marina Villas": {
    latitude: 30.5481,
    longitude: 47.8251,
    developerYearsActive: 7,
    developerProjects: [{ name: "Gulf Gate Logistics Park, Umm Qasr", year: 2022, status: "delivered" }],
    paymentPlan: [
      { share: "12.5", label: P.deposit, milestone: P.atReservation },
      { share: "37.5", label: P.construction, milestone: P.structureDone },
      { share: "50", label: P.balance, milestone: P.atHandover },
    ],
    constructionStage: "design",
    percentComplete: null,
    lastSiteVisit: null,
    en: {
      district: "Al-Maqal, Shatt al-Arab",
      city: "Basra",
      fees: "Illustrative example: fees to be agreed when the construction contract is signed.",
      exitRoute: "Illustrative example: sale of the villas on completion to end buyers in the port and oil-services sector.",
      holdingPeriod: "4 years",
      keyRisks: [
        "Terms are not final: the construction contract is not yet signed.",
        "Flood risk on the Shatt al-Arab bank still needs engineering studies.",
        "The market for waterfront villas in Basra is small and untested.",
      ],
    },
    ar: {
      district: "المعقل، شط العرب",
      city: "البصرة",
      fees: "مثال توضيحي: يُتفق على الرسوم عند توقيع عقد البناء.",
      exitRoute: "مثال توضيحي: بيع الفلل عند الإنجاز لمشترين نهائيين من قطاع الموانئ والخدمات النفطية.",
      holdingPeriod: "4 سنوات",
      keyRisks: [
        "الشروط غير نهائية: لم يُوقَّع عقد البناء بعد.",
        "لا تزال مخاطر الفيضان على ضفة شط العرب بحاجة إلى دراسات هندسية.",
        "سوق الفلل المطلة على الماء في البصرة صغيرة ولم تُختبر بعد.",
      ],
    },
    ckb: {
      district: "مەعقەل، شەتولعەرەب",
      city: "بەسرە",
      fees: "نموونەی ڕوونکەرەوە: کرێکان لە کاتی واژۆکردنی گرێبەستی بیناسازیدا ڕێک دەخرێن.",
      exitRoute: "نموونەی ڕوونکەرەوە: فرۆشتنی ڤێلاکان لە کاتی تەواوبووندا بە کڕیارانی کۆتایی لە کەرتی بەندەر و خزمەتگوزاریی نەوت.",
      holdingPeriod: "4 ساڵ",
      keyRisks: [
        "مەرجەکان کۆتایی نین: گرێبەستی بیناسازی هێشتا واژۆ نەکراوە.",
        "مەترسیی لافاو لە کەناری شەتولعەرەب هێشتا پێویستی بە لێکۆڵینەوەی ئەندازیاری هەیە.",
        "بازاڕی ڤێلای سەر ئاو لە بەسرە بچووکە و تاقی نەکراوەتەوە.",
      ],
    },
  },
  "Sulaymaniyah Heights": {
    latitude: 35.5803,
    longitude: 45.4529,
    developerYearsActive: 18,
    developerProjects: [
      { name: "Azmar Valley Homes", year: 2015, status: "delivered" },
      { name: "Salim Street Towers", year: 2019, status: "delivered" },
      { name: "Sulaymaniyah Heights", year: 2026, status: "delivered" },
    ],
    paymentPlan: [
      { share: "33.33", label: P.downPayment, milestone: P.atContract },
      { share: "33.33", label: P.construction, milestone: P.structureDone },
      { share: "33.34", label: P.balance, milestone: P.atHandover },
    ],
    constructionStage: "handover",
    percentComplete: 100,
    lastSiteVisit: "2026-06-20",
    en: {
      district: "Goizha hillside",
      city: "Sulaymaniyah",
      fees: "Illustrative example: a 2% advisory fee, paid on signing.",
      exitRoute: "Illustrative example: resale of the apartments after handover; the offering is closed.",
      holdingPeriod: "3 years",
      keyRisks: [
        "Closed offering: kept as a record and not open to new investment.",
        "Resale values in Sulaymaniyah depend on the Kurdistan Region's budget payments.",
        "Hillside buildings cost more to maintain.",
      ],
    },
    ar: {
      district: "سفح جبل گويژة",
      city: "السليمانية",
      fees: "مثال توضيحي: رسوم استشارية بنسبة 2% تُدفع عند التوقيع.",
      exitRoute: "مثال توضيحي: إعادة بيع الشقق بعد التسليم؛ الطرح مغلق.",
      holdingPeriod: "3 سنوات",
      keyRisks: [
        "طرح مغلق: محفوظ للسجل وغير مفتوح لاستثمارات جديدة.",
        "تعتمد قيم إعادة البيع في السليمانية على دفعات موازنة إقليم كوردستان.",
        "صيانة المباني على سفوح الجبال أعلى كلفة.",
      ],
    },
    ckb: {
      district: "داوێنی گۆیژە",
      city: "سلێمانی",
      fees: "نموونەی ڕوونکەرەوە: کرێی ڕاوێژکاریی 2%، لە کاتی واژۆکردن دەدرێت.",
      exitRoute: "نموونەی ڕوونکەرەوە: فرۆشتنەوەی شوقەکان دوای ڕادەستکردن؛ خستنەڕووەکە داخراوە.",
      holdingPeriod: "3 ساڵ",
      keyRisks: [
        "خستنەڕووی داخراو: وەک تۆمار هێڵدراوەتەوە و بۆ وەبەرهێنانی نوێ کراوە نییە.",
        "نرخی فرۆشتنەوە لە سلێمانی پشت بە پارەدانەکانی بودجەی هەرێمی کوردستان دەبەستێت.",
        "چاککردنەوەی باڵەخانەکانی داوێنی چیا تێچووی زیاترە.",
      ],
    },
  },
};
