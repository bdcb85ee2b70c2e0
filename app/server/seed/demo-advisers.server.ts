import type { AdviserLanguage, AdviserMarket } from "~/domain/advisers";

/**
 * The demo's advisers (issue 33): illustrative profiles, said to be so in every language,
 * with initials and no photographs (never a real person's face). Their names are invented.
 */
export interface DemoAdviser {
  name: string;
  role: string;
  bio: string;
  languages: AdviserLanguage[];
  markets: AdviserMarket[];
  ar: { role: string; bio: string };
  ckb: { role: string; bio: string };
}

export const demoAdvisers: DemoAdviser[] = [
  {
    name: "Layla Al-Hashimi",
    role: "Senior Adviser, Iraq",
    bio: "Illustrative profile. Layla leads our Baghdad desk and has spent fifteen years on residential and mixed-use projects in Baghdad and Basra, working with developers, registries and banks on title, escrow and handover.",
    languages: ["ar", "en"],
    markets: ["iraq"],
    ar: {
      role: "مستشارة أولى، العراق",
      bio: "ملف تعريفي توضيحي. تقود ليلى مكتبنا في بغداد، وقضت خمسة عشر عامًا في المشاريع السكنية ومتعددة الاستخدامات في بغداد والبصرة، تعمل مع المطوّرين ودوائر التسجيل العقاري والمصارف على سندات الملكية وحسابات الضمان والتسليم.",
    },
    ckb: {
      role: "ڕاوێژکاری باڵا، عێراق",
      bio: "پرۆفایلێکی نموونەیی. لەیلا سەرپەرشتی نووسینگەی بەغدامان دەکات و پازدە ساڵ لە پرۆژە نیشتەجێبوون و فرەمەبەستەکانی بەغدا و بەسرە کاری کردووە، لەگەڵ گەشەپێدەران، فەرمانگەکانی تۆمار و بانکەکان لەسەر سەنەدی خاوەندارێتی، هەژماری ئەمانەت و ڕادەستکردن.",
    },
  },
  {
    name: "Karwan Aziz",
    role: "Adviser, Kurdistan Region",
    bio: "Illustrative profile. Karwan covers Erbil and Sulaymaniyah from our team on the ground, reviewing each project's permits and the developer's track record before it reaches our clients.",
    languages: ["ckb", "kmr", "ar", "en"],
    markets: ["kurdistan-region", "iraq"],
    ar: {
      role: "مستشار، إقليم كردستان",
      bio: "ملف تعريفي توضيحي. يغطي كاروان أربيل والسليمانية مع فريقنا الميداني، ويراجع تراخيص كل مشروع وسجلّ المطوّر قبل أن يُعرض على عملائنا.",
    },
    ckb: {
      role: "ڕاوێژکار، هەرێمی کوردستان",
      bio: "پرۆفایلێکی نموونەیی. کاروان لەگەڵ تیمەکەمان لە شوێنی خۆیدا هەولێر و سلێمانی دەگرێتەوە، و پێش ئەوەی هەر پرۆژەیەک بگاتە کڕیارەکانمان مۆڵەتەکانی و مێژووی کاری گەشەپێدەرەکە دەپشکنێت.",
    },
  },
  {
    name: "Omar Haddad",
    role: "Adviser, Jordan and the UAE",
    bio: "Illustrative profile. Omar works from our Dubai office with investors buying in Amman, Dubai and Abu Dhabi, and structures escrow-protected purchases under each market's rules.",
    languages: ["ar", "en", "fr"],
    markets: ["jordan", "uae"],
    ar: {
      role: "مستشار، الأردن والإمارات",
      bio: "ملف تعريفي توضيحي. يعمل عمر من مكتبنا في دبي مع المستثمرين الذين يشترون في عمّان ودبي وأبوظبي، ويهيكل عمليات الشراء المحمية بحسابات الضمان وفق قواعد كل سوق.",
    },
    ckb: {
      role: "ڕاوێژکار، ئوردن و ئیمارات",
      bio: "پرۆفایلێکی نموونەیی. عومەر لە نووسینگەی دوبەیمانەوە لەگەڵ ئەو وەبەرهێنەرانە کار دەکات کە لە عەممان، دوبەی و ئەبوزەبی دەکڕن، و کڕینەکان بە پاراستنی هەژماری ئەمانەت بەپێی یاساکانی هەر بازاڕێک ڕێکدەخات.",
    },
  },
  {
    name: "Sarah Whitfield",
    role: "Head of Client Advisory, London",
    bio: "Illustrative profile. Sarah looks after our international clients and family offices from London, and brings each one the adviser for their market with the due diligence pack in hand.",
    languages: ["en", "de"],
    markets: ["iraq", "kurdistan-region", "uae", "jordan"],
    ar: {
      role: "رئيسة استشارات العملاء، لندن",
      bio: "ملف تعريفي توضيحي. تتابع سارة عملاءنا الدوليين والمكاتب العائلية من لندن، وتعرّف كل عميل بالمستشار المختص بسوقه ومعه ملف العناية الواجبة كاملًا.",
    },
    ckb: {
      role: "سەرۆکی ڕاوێژکاریی کڕیاران، لەندەن",
      bio: "پرۆفایلێکی نموونەیی. سارا لە لەندەنەوە ئاگاداری کڕیارە نێودەوڵەتییەکان و نووسینگە خێزانییەکانمانە، و هەر یەکێکیان بە ڕاوێژکاری بازاڕەکەی دەناسێنێت لەگەڵ پاکێجی لێکۆڵینەوەی پێویست.",
    },
  },
];
