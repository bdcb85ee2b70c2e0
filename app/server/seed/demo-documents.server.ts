import { brand } from "~/domain/brand";
import {
  CONSULTATION_MINUTES,
  EARLY_ACCESS_DAYS,
  FREE_TRIAL_DAYS,
  INVESTOR_QUALIFICATIONS,
  LEGAL_LAST_UPDATED,
  REPLY_WITHIN_HOURS,
  SUPPORT_HOURS,
} from "~/domain/constants";
import type { DocumentAudience, DocumentKind } from "~/domain/documents";
import { formatCompletion, formatList, formatUsd, yearlySavingPercent } from "~/domain/format";
import { demoOpportunities, demoPlans } from "~/server/seed/demo-content.server";
import type { PdfContent, PdfSection } from "../documents/pdf.server";

/**
 * The library a fresh install ships with (issue 15): PDFs the seed writes from the
 * project's own demo data (the opportunities, the plans, the firm's figures), so every
 * download works on a first `npm start`. Returns are always projected or target figures;
 * nothing here promises an outcome. The market figures in the reports and packs are
 * illustrative demo content, consistent with the demo opportunities. Long because it is
 * prose: each document's text is data, kept in one place with the code that shapes it.
 */

export interface DemoDocument {
  title: string;
  summary: string;
  kind: DocumentKind;
  audience: DocumentAudience;
  /** The demo opportunity's title this document belongs to, if any. */
  opportunityTitle: string | null;
  fileName: string;
  content: PdfContent;
  /** When it was published (ISO date). */
  publishedAt: string;
}

/** The short warning every document carries in some form. */
const RISK_WARNING =
  "Off-plan property carries real risks, including construction delays, developer failure, currency movements, political change and limited resale markets. Returns quoted are projected or target figures based on assumptions that may prove wrong; they are not forecasts of what any investor will receive, and neither we nor any developer guarantee a return. Your capital is at risk.";

/** "18-36 months" as typeset: "18–36 months". */
const HORIZON = INVESTOR_QUALIFICATIONS.horizon.replace(/(\d)-(\d)/, "$1–$2");

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2024-10-28" as "28 October 2024". */
function longDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** A file-name-safe form of a title. */
function slug(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const activeOpportunities = () => demoOpportunities.filter((o) => o.status === "active");

// ---- The investor pack ----------------------------------------------------------------------

function investorPack(): DemoDocument {
  const publishedAt = "2026-11-02";
  const opportunities = activeOpportunities();
  const offices = brand.offices.map((o) => o.city);
  const saving = Math.max(...demoPlans.map((p) => yearlySavingPercent(p.priceMonthly, p.priceYearly)));
  const elite = demoPlans.find((p) => p.name === "Elite");

  const sections: PdfSection[] = [
    {
      heading: "About this pack",
      paragraphs: [
        `This pack introduces ${brand.legalName} to investors considering off-plan residential and commercial property in Iraq, the Kurdistan Region, the United Arab Emirates and Jordan. It explains how we work, the markets we cover, the projects open to our clients as it was prepared, and the qualifications we ask of the investors we act for.`,
        "It is general information, not a personal recommendation or an offer of any investment. Projects are offered only through their own transaction documents, after our due-diligence pack has been shared and you have taken independent legal and tax advice.",
      ],
    },
    {
      heading: "Who we are",
      paragraphs: [
        `${brand.name} is an advisory firm for private investors, family offices and their advisers. We work from ${formatList(offices)}: London for client relationships and structuring, Dubai for Gulf investors and UAE projects, and Baghdad for site work, developer relationships and registry checks in Iraq and the Kurdistan Region.`,
        `Our clients have committed capital to ${brand.figures.projects} projects through us, and the projects we have advised on have a combined value of more than ${brand.figures.portfolio.replace("+", "")}. Most of our work is in markets where reliable information is scarce, and where a site visit, a registry extract and a conversation with a developer's contractor are worth more than any brochure.`,
        "We are paid by our clients. No developer pays to be shortlisted, and where we or anyone connected with us has an interest in a project, we tell you in writing before you commit.",
      ],
    },
    {
      heading: "How we work",
      paragraphs: ["Every project we present goes through the same four stages. The work at each stage is recorded in the project's due-diligence pack, which members on the Investor and Elite plans can read before they commit."],
      table: {
        columns: ["Stage", "What we do", "What you receive"],
        rows: [
          ["Source", "We screen launches across our four markets, visit the site, interview the developer and its contractor, and check the developer's last five projects. Fewer than one project in ten we look at reaches a client.", "A short summary of each shortlisted project and why it passed."],
          ["Structure", "We check the land title, permits and escrow or project-account arrangements, agree amendments to the sale and purchase agreement, and recommend how you should hold the interest.", "The due-diligence pack, a marked-up contract and a note on holding structures."],
          ["Fund", "Payments are tied to construction milestones certified by an independent quantity surveyor and made into escrow or a controlled project account, never to us.", "A payment schedule and a copy of each milestone certificate."],
          ["Deliver", "We attend handover inspections, chase snagging and title registration, and arrange letting or resale if you ask us to.", "A quarterly report on progress, payments and the projected position until you exit."],
        ],
      },
    },
    {
      heading: "The markets we cover",
      paragraphs: [
        `Iraq has a population of about ${brand.figures.population.replace("M", " million")} and proven oil reserves of some ${brand.figures.oilReserves.replace("B", " billion")} barrels, and the government has set out about ${brand.figures.infrastructure.replace("B", " billion")} of planned infrastructure investment. Its housing shortfall is usually estimated in the millions of units, and gated, well-documented stock with registered title remains scarce. That scarcity is the opportunity; weak institutions, currency controls and political risk are the price of it.`,
      ],
      bullets: [
        "Federal Iraq (Baghdad, Basra, Najaf): the largest and least supplied market. Title is registered at the provincial real-estate registry on completion; there is no statutory escrow regime, so we insist on a controlled project account.",
        "Kurdistan Region (Erbil, Sulaymaniyah, Duhok): a more established developer base and steadier demand from consulates, oil-service firms and returning families, with its own investment law and registries. Budget disputes with Baghdad affect local incomes.",
        "United Arab Emirates (Dubai): registered projects, payments into RERA-regulated escrow and a deep resale market, at lower projected returns. It gives a portfolio liquidity and a dollar-pegged currency.",
        "Jordan (Amman): a stable, dollar-pegged currency and clear registration through the Department of Lands and Survey. We look mainly at income-producing commercial property with signed tenants.",
      ],
    },
    {
      heading: "Opportunities open now",
      paragraphs: [
        `The projects open to our clients when this pack was prepared, in the order they were listed. Figures are taken from each project's listing; the projected returns are internal rates of return (IRR) over the stated investment period and rest on the assumptions set out in its due-diligence pack.`,
      ],
      table: {
        columns: ["Project", "Location", "Minimum investment", "Projected returns", "Completion"],
        rows: opportunities.map((o) => [o.title, o.location, formatUsd(o.minimumInvestment), o.projectedReturns, formatCompletion(o.completionDate)]),
      },
    },
    {
      heading: "Notes on the current projects",
      bullets: opportunities.map(
        (o) => `${o.title} (${o.developer}): total project value ${formatUsd(o.totalValue)}, ${o.unitsAvailable ?? "no"} units available to our clients, investment period ${o.investmentPeriod}. ${o.projectHighlights[0] ?? ""}.`,
      ),
    },
    {
      heading: "Who we work with",
      paragraphs: ["Off-plan property in these markets is suitable only for experienced investors who can leave capital committed until a project is complete and can bear the loss of some or all of it. We therefore work with investors who meet three qualifications:"],
      bullets: [
        `A minimum investment of ${formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)} across the portfolio you build with us. The minimum for a single project may be lower; the threshold applies to your commitment as a whole.`,
        "Accredited, professional or sophisticated investor status under the rules of your home jurisdiction, which we confirm before any allocation.",
        `An investment horizon of ${HORIZON} or longer. Off-plan capital is committed until handover, and resale before then depends on the developer's consent and a buyer.`,
      ],
    },
    {
      heading: "Before an allocation",
      bullets: [
        "Identity, source-of-funds and sanctions checks, which we repeat for each transaction.",
        "A call with the adviser responsible for the project, and a site visit if you wish; Elite members are accompanied.",
        "Independent legal and tax advice in your own jurisdiction and the project's. We can introduce firms we have worked with; you are free to use your own.",
        "Signature of the sale and purchase agreement with the developer and our client agreement, whose specimen is in our document library.",
      ],
    },
    {
      heading: "Membership plans",
      paragraphs: [
        `Membership gives access to our research and to the project documents. Every plan starts with a ${FREE_TRIAL_DAYS}-day free trial and can be cancelled at any time, effective at the end of the period paid for; paying yearly saves up to ${saving}% on twelve monthly payments. Prices are in US dollars.`,
      ],
      table: {
        columns: ["Plan", "Monthly", "Yearly", "What it includes"],
        rows: demoPlans.map((p) => [p.name, formatUsd(p.priceMonthly), formatUsd(p.priceYearly), p.features.join("; ")]),
      },
    },
    {
      heading: "Fees",
      paragraphs: [
        `Membership fees are the only fees charged by plan. Any advisory or structuring fee on a transaction is agreed with you in writing before you commit and is shown in the allocation schedule. If a developer pays us anything in connection with your purchase, we tell you the amount in writing beforehand and, unless you agree otherwise, credit it against our fee.${elite ? ` Elite members receive co-investment and structuring advice within their plan and see new opportunities ${EARLY_ACCESS_DAYS} days before other members.` : ""}`,
      ],
    },
    {
      heading: "Next steps",
      paragraphs: [
        `Book a ${CONSULTATION_MINUTES}-minute consultation on our website or write to ${brand.email}; we reply to every enquiry within ${REPLY_WITHIN_HOURS} hours. You can also call ${brand.phone}, ${SUPPORT_HOURS}.`,
      ],
    },
    {
      heading: "Risk warning",
      paragraphs: [RISK_WARNING],
      bullets: [
        "Construction and developer risk: projects can be delayed, changed or left unfinished, and stage payments may be lost if a developer fails.",
        "Political and security risk: changes of government or policy, disputes between federal and regional authorities and unrest can affect values and access.",
        "Currency and transfer risk: exchange rates, capital controls and banking restrictions can reduce returns or delay payments.",
        "Liquidity risk: there is usually no established secondary market for off-plan units; expect capital to be committed for the whole period, which may be extended.",
        "Legal and title risk: registration, foreign-ownership rules and contract enforcement differ from the UK's and can be slow or uncertain.",
      ],
    },
  ];

  return {
    title: `${brand.name} Investor Pack`,
    summary: `Who we are and how we source, structure, fund and deliver off-plan investments in Iraq, the Kurdistan Region, the UAE and Jordan; the projects open now; the qualifications we ask of investors (from ${formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)}, accredited status, a ${HORIZON} horizon); membership plans; and the main risks.`,
    kind: "investor_pack",
    audience: "public",
    opportunityTitle: null,
    fileName: "tigris-advisory-investor-pack.pdf",
    content: {
      kicker: `Investor pack · ${longDate(publishedAt).replace(/^\d+ /, "")}`,
      title: `${brand.name} Investor Pack`,
      subtitle: "Off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan: how we work, what is open now and who we work with.",
      meta: [`${brand.legalName} · ${formatList(offices)}`, `${brand.email} · ${brand.phone}`, `Prepared ${longDate(publishedAt)}`],
      sections,
      footerNote: `This pack is issued by ${brand.legalName} for information only. It is not an offer or solicitation, nor investment, legal or tax advice. Projected returns are not guaranteed and past projects are not a guide to future results.`,
    },
    publishedAt,
  };
}

// ---- Market reports ---------------------------------------------------------------------------

/** The three editions the market-reports page lists (same titles, periods and summaries). */
interface ReportSpec {
  title: string;
  period: string;
  audience: DocumentAudience;
  publishedAt: string;
  summary: string;
  subtitle: string;
  coverage: string[];
  sections: PdfSection[];
  method: string;
  disclosure: string;
}

const REPORTS: ReportSpec[] = [
  {
    title: "Iraq Residential Off-Plan Review",
    period: "Q3 2024",
    audience: "explorer",
    publishedAt: "2024-10-28",
    summary:
      "A city-by-city look at off-plan residential supply in Baghdad, Basra and Najaf, with launch pricing, absorption rates and typical payment plans. It also tracks how developers responded to the 2024 federal budget and what the new infrastructure allocations may mean for outlying districts.",
    subtitle: "Supply, launch pricing, absorption and payment plans in Baghdad, Basra and Najaf.",
    coverage: ["Baghdad", "Basra", "Najaf"],
    sections: [
      {
        heading: "Key findings",
        bullets: [
          "We tracked 14 residential launches across the three cities in the quarter, releasing about 6,900 units, against 11 launches and 5,200 units in Q2 2024.",
          "Launch prices in Baghdad's established districts averaged $1,390 per m² of saleable area, 3.8% higher than in Q2. Basra rose 2.6% to $1,120; Najaf was broadly flat at $980.",
          "Payment plans lengthened: 44% of launches offered 20/80 terms or a tail of payments after handover, against 31% a year earlier.",
          "Absorption at launch, the share of released units reserved within 90 days, fell in Baghdad to 36% from 41% as developers released larger first phases.",
          "Developers priced in the infrastructure allocations of the 2024 budget tables faster than the work is being tendered. We treat uplifts in outlying districts that rest on announced, rather than awarded, projects with caution.",
        ],
      },
      {
        heading: "Summary",
        paragraphs: [
          "Demand for well-built, gated apartments with their own power and water continued to outrun supply in all three cities. The shortfall is not in units as such but in stock that professional households, employers housing staff and returning families will pay a premium for: a managed compound, a generator and water tank sized for the building, an underground car park, and a developer with a record of handing over and registering title.",
          "The quarter's change was in terms rather than price. Developers, facing higher construction costs and a thinner pool of cash buyers at the top of the market, chose to protect headline prices per square metre and to compete instead on payment plans. For investors, longer plans reduce the capital at risk during construction but push more of the price, and therefore more of the exposure, to handover.",
        ],
      },
      {
        heading: "Supply and pipeline",
        paragraphs: [
          "Baghdad accounted for eight of the 14 launches, concentrated on the riverside districts of Jadriya and Karrada, the Mansour and Yarmouk areas to the west, and larger schemes on the southern and eastern outskirts where land is cheaper and plots of 20 hectares or more are still available. Basra's four launches sat along the port and oil-services corridor toward Zubair and in the established districts near the Shatt al-Arab. Najaf's two launches, both on the Kufa road, are aimed at families and at pilgrimage-related rental demand.",
          "Units under construction, our estimate of units in projects with structural work under way, rose to about 33,600 across the three cities. Around a fifth sit in projects more than a year behind their published programme, mostly on the outskirts of Baghdad, where power and road connections from the municipality have lagged the buildings.",
        ],
        table: {
          columns: ["City", "Launches", "Units launched", "Units under construction", "Absorption at launch"],
          rows: [
            ["Baghdad", "8", "4,300", "21,600", "36%"],
            ["Basra", "4", "1,750", "7,900", "42%"],
            ["Najaf", "2", "850", "4,100", "48%"],
            ["Total", "14", "6,900", "33,600", "39%"],
          ],
        },
      },
      {
        heading: "Pricing",
        paragraphs: [
          "Launch prices are asking prices per square metre of saleable area on developers' price lists, before negotiated discounts, which we saw at 3–6% for cash buyers and bulk purchases. Prices quoted in dinars have been converted at the official rate. The change column compares like-for-like districts with our Q2 edition.",
        ],
        table: {
          columns: ["City and district", "Launch price per m²", "Change on Q2", "Typical payment plan"],
          rows: [
            ["Baghdad: Jadriya and Karrada riverside", "$1,620", "+4.5%", "30/70"],
            ["Baghdad: Mansour and Yarmouk", "$1,480", "+3.9%", "25/75"],
            ["Baghdad: southern and eastern outskirts", "$910", "+1.2%", "20/80 with a 24-month tail"],
            ["Basra: central districts near the Shatt al-Arab", "$1,260", "+2.9%", "30/70"],
            ["Basra: Zubair road corridor", "$960", "+2.1%", "20/80"],
            ["Najaf: Kufa road", "$1,040", "0.0%", "25/75"],
            ["Najaf: airport road", "$890", "-0.6%", "20/80 with a 12-month tail"],
          ],
        },
      },
      {
        heading: "Payment plans",
        paragraphs: [
          "A 30/70 plan (30% during construction, 70% at handover) remains usual in the better districts. Elsewhere, 20/80 plans and tails of 12 to 24 months after handover are spreading. A tail lowers the price a buyer must find at completion, but it also means the developer is still owed money after title passes, and some contracts delay registration until the tail is paid. We read the registration clause before anything else in these contracts.",
          "Instalments tied to construction milestones, certified by an independent surveyor, are still the exception: most plans fall due on calendar dates whatever the progress on site. We ask developers to switch to milestone payments for our clients and, where they refuse, treat it as a negative in our assessment.",
        ],
      },
      {
        heading: "Developers",
        paragraphs: [
          "Of the 14 launches, eight came from developers with at least three completed projects, and five offered a dedicated project bank account with withdrawals countersigned by someone other than the developer. None was covered by a statutory escrow regime, because federal Iraq does not have one. Our scorecard weighs four things:",
        ],
        bullets: [
          "Delivery: how many of the developer's last five projects were handed over within six months of the promised date.",
          "Money: whether buyers' payments are held in a segregated account, who can release them, and against what evidence.",
          "Title: whether units are registered in buyers' names at the provincial registry on completion, and how long it has taken.",
          "Disputes: claims by buyers or contractors that we know of, and how they were resolved.",
        ],
      },
      {
        heading: "Policy and infrastructure",
        paragraphs: [
          "The 2024 budget tables, approved in the summer, continued the large capital allocations of the three-year budget law passed in 2023, with money for roads, bridges, power and water across the provinces. In our experience, allocations are the best single predictor of which outlying districts re-rate, but only once a contract is awarded and work starts: announcements run well ahead of spending. We track tenders awarded, not budget lines.",
          "In Basra, work on the Grand Faw port and the proposed Development Road toward Turkey underpins demand along the port corridor. In Baghdad, the federal programme of new residential cities on the edges of the capital may add large volumes of mid-market supply from 2027, which could weigh on prices of comparable private schemes in the outskirts.",
        ],
      },
      {
        heading: "Risks",
        bullets: [
          "Currency: most contracts we see are priced in US dollars, but local buyers and tenants earn dinars. The gap between the official rate and the parallel market persisted through the quarter, and restrictions on dollar transfers continue to slow payments from abroad.",
          "Construction costs: steel and cement prices, and generator and lift imports, squeeze developers on fixed-price contracts; a developer under pressure may cut specification or slow work.",
          "Utilities: projects on the outskirts depend on municipal power and road connections that have repeatedly lagged the buildings.",
          "Liquidity: resale before handover needs the developer's consent and a cash buyer; we assume none in our projections.",
          "Political: policy and administration can change quickly, and delays in permits and registrations follow.",
        ],
      },
      {
        heading: "Outlook",
        paragraphs: [
          "We expect launch volumes in Q4 to stay close to Q3 levels, with developers continuing to compete on payment terms rather than price. The districts we would watch are those where infrastructure contracts have been awarded and work is visible, rather than those named in announcements. This is our reading of current conditions, not a forecast of any price.",
        ],
      },
    ],
    method:
      "This edition draws on 14 launch price lists collected from sales offices between 1 July and 30 September 2024, visits to nine project sites, interviews with eleven developers, three municipal planning officials and six local agents, and reservations from transactions we advised on. Absorption is as reported by developers, checked with agents where possible. Units under construction are our estimate from site visits and developers' own figures.",
    disclosure: "We advise investors on Tigris Gardens, Baghdad, developed by Al-Rafidain Urban Developments, which sits in a district covered by this report.",
  },
  {
    title: "Kurdistan Region Developer Landscape",
    period: "Q2 2024",
    audience: "signed_in",
    publishedAt: "2024-07-30",
    summary:
      "A profile of the active developers in Erbil and Sulaymaniyah, covering delivery records, funding sources and escrow practices. The report sets out the questions we ask every developer before a project reaches our shortlist.",
    subtitle: "Delivery records, funding and escrow practice of the developers building in Erbil, Sulaymaniyah and Duhok.",
    coverage: ["Erbil", "Sulaymaniyah", "Duhok"],
    sections: [
      {
        heading: "Key findings",
        bullets: [
          "We profiled 23 developers with at least one residential project under construction in Erbil, Sulaymaniyah or Duhok. Together they account for about 70% of the units under construction in the three cities.",
          "Track records remain short: 11 of the 23 have handed over three or more projects.",
          "The median delay on each developer's last completed project was seven months. Four developers handed their last project over on time.",
          "Sales to buyers fund most construction: for 17 of the 23, buyers' payments cover more than half of construction cost.",
          "Six developers operate a dedicated project account with independent sign-off; the rest pay buyers' money into their general accounts.",
        ],
      },
      {
        heading: "Market context",
        paragraphs: [
          "The Kurdistan Region has the most established private residential market in Iraq. Erbil in particular has two decades of apartment towers, gated villa compounds and mixed-use schemes, built for a professional class, foreign consulates and companies, oil-service firms and returning families. Sulaymaniyah's market is smaller and more local; Duhok's is smaller still and shaped by its proximity to the Turkish border.",
          "Local demand has been held back since 2023 by the suspension of oil exports through the pipeline to Turkey and by recurring delays in public salaries while the regional and federal governments dispute the budget. Federal court rulings in early 2024 on how public salaries are paid have not yet settled the matter. Demand from outside the Region, from the diaspora and from companies housing staff, has been steadier.",
        ],
        table: {
          columns: ["City", "Active developers", "Projects under construction", "Units under construction", "Median delay, last project"],
          rows: [
            ["Erbil", "13", "31", "14,800", "7 months"],
            ["Sulaymaniyah", "7", "15", "6,200", "8 months"],
            ["Duhok", "3", "6", "2,100", "5 months"],
          ],
        },
      },
      {
        heading: "Developer scorecards",
        paragraphs: [
          "The table shows a selection of the developers we profiled. Developers we advise on are named; others are identified by letter, because this report is about practice, not about recommending or disparaging particular firms. Full scorecards are available to members on request.",
        ],
        table: {
          columns: ["Developer", "Base", "Completed projects", "On time (within 3 months)", "Project account", "Title at handover"],
          rows: [
            ["Zagros Development Group", "Erbil", "4", "1 of 4", "Yes, audited quarterly", "Registered within 6 months"],
            ["Azmar Construction", "Sulaymaniyah", "6", "3 of 5", "Yes", "Registered within 3 months"],
            ["Developer C", "Erbil", "2", "0 of 2", "No", "Not yet registered"],
            ["Developer D", "Erbil", "5", "2 of 5", "No", "Registered within 12 months"],
            ["Developer E", "Duhok", "3", "2 of 3", "Yes", "Registered within 6 months"],
            ["Developer F", "Sulaymaniyah", "1", "0 of 1", "No", "Pending"],
          ],
        },
      },
      {
        heading: "Delivery records",
        paragraphs: [
          "Delays are the norm, and their causes are consistent: interruptions in the supply of cement and steel, contractors paid late when sales slow, and utility connections that depend on the municipality. The developers that deliver on time tend to share three habits. They start a tower only when sales or equity cover its structure, they use their own or long-standing contractors, and they hold back a contingency of at least 10% of construction cost.",
          "A delay on its own is not our main concern; a developer that stops communicating is. Buyers in two stalled projects we reviewed had received no written progress report for over a year.",
        ],
      },
      {
        heading: "Funding sources",
        bullets: [
          "Buyers' payments: the main source for most developers, which makes the pace of construction depend on the pace of sales.",
          "Owners' equity: often from a trading or contracting business in the same group; helpful, but the group's other businesses can draw on the same cash.",
          "Bank lending: limited, short-term and expensive; few local banks lend against a project over its full construction period.",
          "Land partnerships: landowners contribute plots in exchange for a share of units, which lowers the developer's cash needs but adds a party whose consent may be needed later.",
        ],
      },
      {
        heading: "Escrow and title",
        paragraphs: [
          "The Kurdistan Region has no statutory escrow regime for off-plan sales comparable to Dubai's. Projects are licensed under the Region's investment law, and the licence sets obligations on the developer but does not ring-fence buyers' money. Where a developer agrees, a dedicated project account with withdrawals countersigned by an independent quantity surveyor and audited each quarter provides a contractual substitute. We ask for it in every project we present.",
          "Title to apartments is registered at the real-estate registry of each governorate once the building is complete and its separate units are recorded. Registration has taken from a few weeks to more than a year after handover; until then, a buyer's interest is a contractual right against the developer.",
        ],
      },
      {
        heading: "The questions we ask every developer",
        bullets: [
          "Who owns the land, is it registered, and is anything recorded against it?",
          "Which licences and permits does the project hold, and when do they expire?",
          "Where are buyers' payments held, who can withdraw them, and against what evidence?",
          "How much of the construction cost is already funded, and from which sources?",
          "Who is the main contractor, how is it paid, and is there a performance bond?",
          "What happened on each of your last five projects: promised date, handover date, and date of title registration?",
          "Which disputes with buyers or contractors are open, or have been in the last five years?",
          "Can we see the independent surveyor's latest report, and may we speak to the surveyor?",
          "What happens to a buyer's payments if the project stops?",
          "Will you accept payments tied to certified construction milestones rather than calendar dates?",
        ],
      },
      {
        heading: "Pricing",
        table: {
          columns: ["City and area", "Launch price per m²", "Change over 12 months", "Typical payment plan"],
          rows: [
            ["Erbil: central, between the 60 and 100 Metre Roads", "$1,350", "+6%", "30/70"],
            ["Erbil: Ankawa", "$1,280", "+5%", "25/75"],
            ["Erbil: outer districts and Pirmam road", "$880", "+2%", "20/80 with a tail"],
            ["Sulaymaniyah: Goizha slopes", "$1,150", "+4%", "30/70"],
            ["Sulaymaniyah: Bakrajo", "$820", "+1%", "20/80"],
            ["Duhok: Zakho road", "$760", "+2%", "20/80"],
          ],
        },
      },
      {
        heading: "Policy and infrastructure",
        paragraphs: [
          "The single largest factor for the Region's property market is the relationship between Erbil and Baghdad over oil revenue and the budget. A settlement that restores regular salaries would support local demand; continued disputes would keep it subdued. Within Erbil, completion of the outer ring roads and water-supply projects has opened land on the city's edges, which developers are now bringing forward at lower prices than the centre.",
        ],
      },
      {
        heading: "Risks",
        bullets: [
          "Developer concentration: most developers have one or two projects under way, so the failure of a single project can threaten the firm.",
          "Regional finances: salary delays weaken local buyers and tenants, and slow sales slow construction.",
          "Title: registration after handover can be slow, and a developer in difficulty may delay it further.",
          "Currency and transfers: dollar pricing protects dollar investors, but transfers into Iraq remain subject to bank compliance checks and delays.",
        ],
      },
    ],
    method:
      "We interviewed 23 developers between April and June 2024 and visited 29 of their sites. Delivery records are built from developers' own lists of completed projects, checked against visits, owners' associations and, where available, registry records. Prices are asking prices on developers' price lists in June 2024.",
    disclosure:
      "We advise investors on Erbil Citadel Residences, developed by Zagros Development Group, and advised on Sulaymaniyah Heights, developed by Azmar Construction, which was fully subscribed in 2023. Neither developer saw this report before publication.",
  },
  {
    title: "Gulf and Levant Capital Flows into Iraqi Property",
    period: "Q1 2024",
    audience: "signed_in",
    publishedAt: "2024-04-29",
    summary:
      "How investors from the UAE, Jordan and the wider diaspora are structuring exposure to Iraqi real estate. It compares holding structures, currency considerations and exit routes, and notes where projected yields have and have not held up.",
    subtitle: "Who is investing in Iraqi property from abroad, how they hold it, and how they plan to leave.",
    coverage: ["Baghdad", "Erbil", "Basra"],
    sections: [
      {
        heading: "Key findings",
        bullets: [
          "Enquiries to our offices from investors outside Iraq rose 22% on Q4 2023. 41% came from investors based in the UAE, 18% from Jordan and 27% from the Iraqi and Kurdish diaspora in Europe and North America.",
          "The median intended commitment was $650,000. Diaspora investors commit less per project but spread across more projects.",
          "Most investors who are not Iraqi nationals hold through a company rather than in their own name. The right structure depends on nationality, the project's licence and the intended exit.",
          "Contracts priced in US dollars remove most currency risk for investors whose home currencies, the dirham and the Jordanian dinar, are pegged to the dollar. Sterling and euro investors carry the dollar's movements.",
          "Projected rental yields have broadly held in central Erbil and Baghdad's riverside districts, and fallen short in outlying Baghdad schemes, where completed supply outran tenant demand.",
        ],
      },
      {
        heading: "Who is investing",
        paragraphs: [
          "The table is based on the 380 enquiries our offices received from outside Iraq between January and March 2024. Enquiries are not commitments, but the pattern matches the transactions we completed over the previous two years.",
        ],
        table: {
          columns: ["Investor base", "Share of enquiries", "Median intended commitment", "Preferred markets"],
          rows: [
            ["UAE-based investors", "41%", "$800,000", "Baghdad, Erbil"],
            ["Iraqi and Kurdish diaspora (Europe, North America)", "27%", "$400,000", "Erbil, Sulaymaniyah, Baghdad"],
            ["Jordan-based investors", "18%", "$500,000", "Baghdad, Basra"],
            ["Other Gulf states", "9%", "$1,200,000", "Basra, Baghdad"],
            ["Other", "5%", "$350,000", "Various"],
          ],
        },
      },
      {
        heading: "Why they invest",
        paragraphs: [
          "UAE-based investors, many of them Iraqi families and business owners who moved to Dubai, describe Iraqi property as a way to hold a stake in a market they know, at projected returns higher than those now available in Dubai. Jordanian investors cite proximity, long trading ties with Baghdad and Basra, and a shortage of comparable opportunities at home. Diaspora investors combine financial and personal motives: many intend to use a unit for part of the year.",
        ],
      },
      {
        heading: "Holding structures",
        paragraphs: [
          "Rules on foreign ownership of real property in Iraq are restrictive and have been applied differently over time and between federal Iraq and the Kurdistan Region. Projects licensed under the investment laws can offer routes that ordinary transactions do not. We treat every case on the advice of lawyers in the province concerned, and the table below is a starting point, not a recommendation.",
        ],
        table: {
          columns: ["Structure", "Who it suits", "Title", "Main drawbacks"],
          rows: [
            ["Direct ownership in own name", "Iraqi nationals, including dual nationals", "Registered to the investor at handover", "Needs Iraqi civil documents; Iraqi succession law applies"],
            ["Iraqi limited liability company", "Foreign investors holding several units", "Registered to the company", "Set-up and annual costs; profits leave through the banking system"],
            ["Holding company in the DIFC, ADGM or Jordan owning an Iraqi company", "Family offices and larger portfolios", "Held through the Iraqi subsidiary", "Two layers of cost; substance and tax rules at each level"],
            ["Contract held to handover, then assigned", "Investors planning to exit before completion", "None until handover", "Depends on developer consent and contract enforcement"],
          ],
        },
      },
      {
        heading: "What we advise against",
        bullets: [
          "Holding through a relative or other nominee in Iraq. Nominee arrangements are hard to enforce, and disputes within families are among the most common causes of loss we see.",
          "Paying a developer in cash or through informal money transfer. It leaves no evidence of payment that a court or registry will accept, and it breaches anti-money-laundering rules in most investors' home countries.",
          "Relying on a reservation form in place of a full sale and purchase agreement.",
        ],
      },
      {
        heading: "Currency considerations",
        paragraphs: [
          "Most contracts we recommend are priced and paid in US dollars. The dirham and the Jordanian dinar have been pegged to the dollar for decades, so for investors based in the UAE or Jordan a dollar contract carries little exchange-rate risk. Investors whose home currency is sterling or the euro carry the dollar's movements against it over the whole holding period.",
          "Inside Iraq, the official rate for the dinar was set at 1,300 to the dollar in February 2023, and the parallel market has traded at a discount to it since. Rents are often set in dinars, and local buyers at resale pay in dinars or in dollars bought on the parallel market. Dollar transfers into and out of Iraq pass through banks' compliance checks under the Central Bank's rules, which add time and paperwork. We plan payment schedules around them.",
        ],
      },
      {
        heading: "Exit routes",
        table: {
          columns: ["Route", "When", "What it depends on"],
          rows: [
            ["Assignment of the contract", "Before handover", "Developer's consent, an assignment fee of 1–3% and a buyer willing to take on the remaining payments"],
            ["Sale of the completed unit", "After handover and registration", "Local buyers, who mostly pay cash; registration in the seller's name first"],
            ["Hold and let", "From handover", "Tenant demand, a managing agent and collection of rent in dollars or dinars"],
            ["Sale of several units to one buyer", "After handover", "Rare; companies housing staff occasionally buy whole floors at a discount"],
          ],
        },
      },
      {
        heading: "Where projected yields have and have not held up",
        paragraphs: [
          "We compared the gross rental yields projected at launch for projects our clients bought into between 2019 and 2021 with the yields achieved in the first year after handover.",
        ],
        table: {
          columns: ["Segment", "Projected at launch", "Achieved, first year", "Comment"],
          rows: [
            ["Erbil: central apartments", "8–9%", "8.5%", "Steady demand from consulates and oil-service firms"],
            ["Sulaymaniyah: mid-market apartments", "8%", "7.2%", "Rents held; vacancies took longer to fill"],
            ["Baghdad: riverside apartments", "9–10%", "9.1%", "Gated stock with its own power remains scarce"],
            ["Baghdad: outlying schemes", "10–11%", "6.5%", "Completed supply outran demand; services connected late"],
            ["Basra: port-corridor apartments", "9%", "8.0%", "Demand follows oil-services contracts"],
          ],
        },
      },
      {
        heading: "Risks",
        bullets: [
          "Legal: ownership rules and their interpretation can change, and enforcing a contract against a developer is slow.",
          "Transfers: compliance checks can delay payments into Iraq and the return of sale proceeds.",
          "Currency: the gap between the official and parallel rates can affect rents and local resale prices.",
          "Structure: holding companies carry running costs and tax obligations that reduce net returns; they must be maintained properly for the whole holding period.",
        ],
      },
    ],
    method:
      "This report is based on 380 enquiries received by our London, Dubai and Baghdad offices between January and March 2024, 46 transactions we advised on between 2019 and 2023, and interviews with lawyers in Baghdad, Erbil, Dubai and Amman. Yields achieved are gross rents collected in the first twelve months after handover, divided by the purchase price.",
    disclosure: "Several projects in the yield comparison were transactions we advised on. Figures for them come from our own client records.",
  },
];

function marketReport(r: ReportSpec): DemoDocument {
  const sections: PdfSection[] = [
    ...r.sections,
    {
      heading: "Methodology",
      paragraphs: [
        r.method,
        "Figures are checked against at least one second source wherever one exists; where data is thin or an estimate is our own, the text says so. Prices and yields are in US dollars. Our research team is independent of the developers it covers: no developer pays to appear in a report or sees one before it is published.",
      ],
    },
    { heading: "Disclosures and important information", paragraphs: [r.disclosure, RISK_WARNING] },
  ];
  return {
    title: r.title,
    summary: r.summary,
    kind: "market_report",
    audience: r.audience,
    opportunityTitle: null,
    fileName: `${slug(r.title)}-${slug(r.period)}.pdf`,
    content: {
      kicker: `Market report · ${r.period}`,
      title: r.title,
      subtitle: r.subtitle,
      meta: [`${brand.name} research · Published ${longDate(r.publishedAt)}`, `Coverage: ${formatList(r.coverage)}`],
      sections,
      footerNote: `This report is issued by ${brand.legalName} for its members and registered investors. It is general information, not investment advice or an offer of any investment, and each copy is for the named reader's own use.`,
    },
    publishedAt: r.publishedAt,
  };
}

// ---- Legal documents --------------------------------------------------------------------------

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];

function legal(title: string, summary: string, lead: string, sections: PdfSection[]): DemoDocument {
  return {
    title,
    summary,
    kind: "legal_document",
    audience: "public",
    opportunityTitle: null,
    fileName: `${slug(title)}.pdf`,
    content: {
      kicker: "Legal document",
      title,
      subtitle: lead,
      meta: [`${brand.legalName} · ${registeredOffice.address}`, `Last updated ${LEGAL_LAST_UPDATED}`],
      sections,
      footerNote: `Questions about this document: ${brand.supportEmail}. ${brand.legalName} is registered in England and Wales.`,
    },
    publishedAt: "2024-12-02",
  };
}

function termsOfBusiness(): DemoDocument {
  return legal(
    "Terms of Business",
    "The terms on which we advise investors on off-plan property: what our service covers and what it does not, how we are paid, conflicts of interest, client money, complaints and how either side may end the relationship.",
    `The terms on which ${brand.legalName} provides advisory services to investors.`,
    [
      {
        heading: "1. About these terms",
        paragraphs: [
          `These terms apply when ${brand.legalName} ("we", "us") advises you on an investment in off-plan real estate. They sit alongside the Terms of Service of our website, our Privacy Notice and our Risk Disclosure Statement. For each transaction we also sign a client agreement with you, which prevails over these terms where the two differ.`,
        ],
      },
      {
        heading: "2. Our services",
        paragraphs: ["Depending on your plan and the engagement agreed with you, we may:"],
        bullets: [
          "research markets and developers and present shortlisted projects;",
          "carry out and report on due diligence on a project, its developer, title, permits and payment arrangements;",
          "negotiate and comment on the sale and purchase agreement and payment plan;",
          "recommend a holding structure and introduce legal, tax and banking advisers;",
          "monitor construction and payments, attend handover and arrange letting or resale.",
        ],
      },
      {
        heading: "3. What we do not do",
        bullets: [
          "We do not hold client money. Payments for a property are made by you to an escrow account, a controlled project account or the developer, as the contract provides.",
          "We do not give legal or tax advice. We introduce you to advisers who do, and you should take that advice before committing.",
          "We do not guarantee any return, completion date or resale price. Figures we give are projections based on stated assumptions.",
          "We do not act for developers in the transactions on which we advise you.",
        ],
      },
      {
        heading: "4. Who we act for",
        paragraphs: [
          `We act only for investors who meet our qualifications: typically a minimum investment of ${formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)}, accredited or equivalent professional investor status, and an investment horizon of ${HORIZON}. We will ask you to confirm your status in writing and to complete identity, source-of-funds and sanctions checks before any transaction. We may decline to act without giving reasons.`,
        ],
      },
      {
        heading: "5. Fees",
        paragraphs: [
          `Membership of our Explorer, Investor and Elite plans is charged monthly or yearly at the prices published when you subscribe. Eligible new members receive a ${FREE_TRIAL_DAYS}-day free trial. Any advisory or structuring fee on a transaction is agreed in writing before you commit and shown in the allocation schedule of the client agreement.`,
          "If a developer or any third party pays us a fee or commission connected with your transaction, we tell you its amount in writing before you commit and, unless you agree otherwise, credit it against our fee to you.",
        ],
      },
      {
        heading: "6. Conflicts of interest",
        paragraphs: [
          "We keep a register of interests held by the firm, its staff and their close families in projects and developers we cover. Where an interest could affect our advice to you, we tell you before you commit, and you may ask us to step aside from that transaction. Our research team does not share reports with developers before publication.",
        ],
      },
      {
        heading: "7. Your responsibilities",
        bullets: [
          "Give us accurate and complete information, and tell us promptly of any change to your circumstances or investor status.",
          "Read the transaction documents and our due-diligence pack in full before committing.",
          "Make payments on time: late payment can lead to penalties or forfeiture under a developer's contract.",
          "Keep confidential the reports and documents we share with you; each copy is marked with your name.",
        ],
      },
      {
        heading: "8. Liability",
        paragraphs: [
          "We will carry out our services with reasonable skill and care. We are not liable for losses caused by the acts or omissions of developers, contractors, escrow agents, registries or other third parties, nor for changes in market conditions, exchange rates or law. Our total liability in connection with a transaction is limited to the fees you paid us for it. Nothing in these terms limits liability for fraud, for death or personal injury caused by negligence, or for anything else that cannot lawfully be limited.",
        ],
      },
      {
        heading: "9. Complaints",
        paragraphs: [
          `If you are unhappy with our service, write to ${brand.supportEmail} with the details. We will acknowledge your complaint within five working days and send a full reply within eight weeks, explaining what we found and what we will do.`,
        ],
      },
      {
        heading: "10. Ending the relationship",
        paragraphs: [
          "You may end these terms at any time by written notice; we may do so on 30 days' notice, or immediately if the law or our anti-money-laundering obligations require it. Membership remains active to the end of the period paid for. Ending these terms does not affect transactions already in progress, for which the client agreement continues to apply.",
        ],
      },
      {
        heading: "11. Governing law",
        paragraphs: ["These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction over any dispute arising from them."],
      },
    ],
  );
}

function riskDisclosure(): DemoDocument {
  return legal(
    "Risk Disclosure Statement",
    "The principal risks of investing in off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan, and how to read the projected returns we quote. Please read it before relying on any figure in our documents.",
    "Investing in off-plan real estate in frontier markets can lead to the loss of some or all of your capital.",
    [
      {
        heading: "Purpose of this statement",
        paragraphs: [
          "This statement summarises the principal risks of the investments we present. It is not exhaustive: each project carries its own risks, set out in its due-diligence pack and transaction documents. Read both before committing.",
        ],
      },
      { heading: "Your capital is at risk", paragraphs: [RISK_WARNING, "Only invest money you can afford to lose and to leave committed for the whole investment period, which may be extended."] },
      {
        heading: "Construction and completion",
        paragraphs: [
          "Off-plan projects are bought before they are built. Construction can be delayed by contractor failure, shortages of materials, power or water connections, weather, security incidents or permit changes. Costs can overrun and specifications can change. A delay of a year can reduce a projected internal rate of return by several percentage points even if the final value is unchanged.",
        ],
      },
      {
        heading: "Developer",
        paragraphs: [
          "A developer may run short of money, particularly where construction is funded mainly by sales to buyers. If a developer fails, stage payments may be lost in whole or in part, and completing the building may need a new developer, further payments from buyers or court proceedings that take years.",
        ],
      },
      {
        heading: "Title and legal",
        paragraphs: [
          "Registration, foreign-ownership rules and contract enforcement in Iraq and the Kurdistan Region differ from those in the UK and can be slow or uncertain. Until title is registered in your name, your interest is a contractual right against the developer. Restrictions on foreign ownership may require holding structures that carry their own legal and tax risks. Laws and their interpretation can change.",
        ],
      },
      {
        heading: "Escrow and payments",
        paragraphs: [
          "Statutory escrow exists in Dubai but not in federal Iraq or the Kurdistan Region, where we rely on contractual project-account arrangements. These depend on the bank, the signatories and the independent surveyor doing what the agreement says, and give weaker protection than a statutory regime.",
        ],
      },
      {
        heading: "Currency and transfers",
        paragraphs: [
          "Most contracts we recommend are priced in US dollars. The UAE dirham and Jordanian dinar are pegged to the dollar; the Iraqi dinar's official rate was last changed in February 2023 and has traded at a discount on the parallel market. Rents and local resale prices may follow the dinar. Capital controls, banking restrictions and compliance checks can delay transfers into or out of a country. Investors whose home currency is not the dollar also carry the dollar's movements.",
        ],
      },
      {
        heading: "Political and security",
        paragraphs: [
          "Iraq and the Kurdistan Region are frontier markets. Changes of government or policy, disputes between the federal government and the Kurdistan Regional Government, sanctions, conflict or unrest can affect values, access to sites, the progress of projects and the enforcement of your rights.",
        ],
      },
      {
        heading: "Liquidity and exit",
        paragraphs: [
          "There is usually no established secondary market for off-plan units outside Dubai. Assigning a contract before handover normally needs the developer's consent and a fee, and local buyers mostly pay cash. Selling may take many months and may only be possible at a discount.",
        ],
      },
      {
        heading: "How to read projected returns",
        paragraphs: [
          "Projected or target returns, including the IRR ranges we quote, are estimates. They rest on assumptions about purchase and exit prices, rents, costs, completion dates, exchange rates and market conditions, each stated in the project's due-diligence pack with a table of what happens if it does not hold. Actual results may differ materially. Historic figures for past projects are not a reliable indicator of future results.",
        ],
      },
      {
        heading: "Concentration and suitability",
        paragraphs: [
          `These investments are suitable only for experienced investors who understand and can bear these risks; we normally work with investors committing at least ${formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)}, with accredited status and a horizon of ${HORIZON}. Off-plan property in frontier markets should be only part of a diversified portfolio. Take independent financial, legal and tax advice before committing.`,
        ],
      },
    ],
  );
}

function privacyNotice(): DemoDocument {
  const otherOffices = brand.offices.filter((o) => o.city !== registeredOffice.city).map((o) => o.city);
  return legal(
    "Privacy Notice",
    "What personal data we hold about investors and enquirers, why and on what lawful basis, who we share it with, how long we keep it and how to exercise your rights under UK GDPR.",
    `How ${brand.legalName} collects, uses, shares and protects the personal data of investors and enquirers.`,
    [
      {
        heading: "Who we are",
        paragraphs: [
          `${brand.legalName} is the controller of the personal data described in this notice. Our registered office is at ${registeredOffice.address}, and our team also works from ${formatList(otherOffices)}. For any question about your data, write to ${brand.supportEmail}.`,
        ],
      },
      {
        heading: "What we collect",
        bullets: [
          "Account data: your name, e-mail address and a one-way hash of your password, or the identifier Google or LinkedIn shares if you sign in with them; optional profile details such as company, phone number and investor type.",
          "Enquiry and booking data: the details you give when you enquire or book a consultation, and our notes of the conversations that follow.",
          "Investment data: the opportunities you express interest in, documents you download (each copy is stamped with your e-mail address and the date), and the allocations you make.",
          "Due-diligence data: identity documents, proof of address, source-of-funds evidence and the results of sanctions and politically-exposed-person checks.",
          "Subscription data: your plan, billing interval and payment status. Card details are entered directly with our payment provider and never reach our servers.",
          "Technical data: IP address, device and browser type, and security logs.",
        ],
      },
      {
        heading: "Why we use it",
        table: {
          columns: ["Purpose", "Lawful basis"],
          rows: [
            ["Running your account, membership and document library", "Performance of a contract with you"],
            ["Answering enquiries and arranging consultations", "Steps at your request before a contract; our legitimate interest in serving prospective clients"],
            ["Identity, anti-money-laundering and sanctions checks; financial records", "Compliance with our legal obligations"],
            ["Marking downloaded documents with your e-mail address", "Our legitimate interest in protecting confidential research and project information"],
            ["Keeping the site secure and preventing fraud", "Our legitimate interest in protecting our clients and systems"],
            ["News of new opportunities and reports", "Your consent, or the soft opt-in for existing clients; you may unsubscribe at any time"],
          ],
        },
      },
      {
        heading: "Who we share it with",
        bullets: [
          "Service providers acting as our processors under written contracts: hosting, database, e-mail delivery and our payment provider.",
          "Developers, lawyers, escrow agents and banks connected with a project, only when you ask us to progress an investment, and only what they need.",
          "Our professional advisers and auditors, and regulators, courts or law enforcement where the law requires.",
        ],
        paragraphs: ["We do not sell personal data. We share it only where needed, with:"],
      },
      {
        heading: "International transfers",
        paragraphs: [
          `Our team works across ${formatList(brand.offices.map((o) => o.city))}, so your data may be accessed outside the UK. Where the destination is not covered by UK adequacy regulations, we protect the transfer with the UK International Data Transfer Agreement or the UK Addendum to the EU standard contractual clauses, and limit access to the staff handling your matter.`,
        ],
      },
      {
        heading: "How long we keep it",
        table: {
          columns: ["Data", "Kept for"],
          rows: [
            ["Account and profile data", "While your account is open; deleted within 90 days of closure"],
            ["Enquiries that do not lead to an engagement", "Up to 24 months from our last contact"],
            ["Client, transaction and billing records", "Six years after the relationship ends"],
            ["Identity and anti-money-laundering records", "Five years after the relationship ends"],
            ["Document download records", "As long as the account, then with transaction records"],
            ["Security and server logs", "Normally no longer than 90 days"],
          ],
        },
      },
      {
        heading: "Your rights",
        paragraphs: [
          `You may ask for a copy of your data, have it corrected or erased, restrict or object to its use, receive it in a portable format and withdraw consent at any time. You can download or delete your account data from your account settings, or write to ${brand.supportEmail}. We reply within one month, free of charge. You may also complain to the Information Commissioner's Office (ico.org.uk); we would be grateful for the chance to put things right first.`,
        ],
      },
    ],
  );
}

function clientAgreement(): DemoDocument {
  return legal(
    "Client Agreement (specimen)",
    "A specimen of the agreement we sign with each investor before an allocation, so that you can read its terms, and show them to your advisers, before your first transaction.",
    "Specimen only: the signed version is completed for each allocation and is not an offer.",
    [
      {
        heading: "Parties",
        paragraphs: [
          `This agreement is made between ${brand.legalName}, whose registered office is at ${registeredOffice.address} (the "Adviser"), and the person or entity named in the allocation schedule (the "Investor").`,
        ],
      },
      {
        heading: "1. Appointment",
        paragraphs: [
          "The Investor appoints the Adviser to advise on the acquisition of the unit described in the allocation schedule and, if selected there, to monitor construction, attend handover and arrange letting or resale. The Adviser acts for the Investor alone in this transaction.",
        ],
      },
      {
        heading: "2. Investor's confirmations",
        bullets: [
          "The Investor meets the Adviser's qualifications, including accredited or equivalent professional status in its home jurisdiction, and will notify the Adviser of any change.",
          "The funds used are the Investor's own and come from the sources evidenced to the Adviser.",
          "The Investor has read the due-diligence pack, the sale and purchase agreement and the Risk Disclosure Statement, and has had the opportunity to take independent legal and tax advice.",
          "The Investor understands that projected returns are not guaranteed and that the capital committed may be lost.",
        ],
      },
      {
        heading: "3. Allocation schedule",
        paragraphs: ["Completed for each allocation. The entries below show the information recorded."],
        table: {
          columns: ["Item", "Entry"],
          rows: [
            ["Investor (name and address)", "[to be completed]"],
            ["Holding entity, if any", "[to be completed]"],
            ["Project and developer", "[to be completed]"],
            ["Unit, floor and area", "[to be completed]"],
            ["Purchase price (US dollars)", "[to be completed]"],
            ["Payment plan and milestones", "[as in the sale and purchase agreement]"],
            ["Escrow or project account", "[bank, account name and release conditions]"],
            ["Adviser's fee and any third-party payment", "[amount, timing and any credit]"],
            ["Services after signing", "[monitoring / handover / letting / resale]"],
          ],
        },
      },
      {
        heading: "4. Payments",
        paragraphs: [
          "All payments for the unit are made by the Investor directly to the escrow or project account, or to the developer where the sale and purchase agreement so provides. The Adviser does not receive or hold any payment for the unit. The Adviser will not ask the Investor to pay any amount to a new account by e-mail alone; any change of payment details must be confirmed by telephone with the Investor's named adviser.",
        ],
      },
      {
        heading: "5. Fees",
        paragraphs: ["The Investor pays the Adviser's fee stated in the allocation schedule. Any payment the Adviser receives from a developer or other third party in connection with the transaction is disclosed in the schedule and credited as stated there."],
      },
      {
        heading: "6. Reporting",
        paragraphs: ["The Adviser reports to the Investor each quarter until handover, and after it until the services selected have ended, covering construction progress, payments made and due, and any change to the projected position and its assumptions."],
      },
      {
        heading: "7. Confidentiality and data",
        paragraphs: ["Each party keeps the other's information confidential, except as needed to complete the transaction or as the law requires. The Adviser processes personal data as set out in its Privacy Notice."],
      },
      {
        heading: "8. Liability",
        paragraphs: ["The Adviser's liability is limited as set out in its Terms of Business, which form part of this agreement. The Adviser is not responsible for the performance of the developer, contractors, escrow agents or registries."],
      },
      {
        heading: "9. Term and termination",
        paragraphs: ["This agreement continues until the services selected are complete. Either party may end it by 30 days' written notice; fees already earned remain payable and the Adviser will hand over all documents relating to the transaction."],
      },
      {
        heading: "10. Governing law",
        paragraphs: ["This agreement is governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction. The sale and purchase agreement is governed by the law stated in it."],
      },
      {
        heading: "Signatures",
        paragraphs: [
          `Signed for and on behalf of ${brand.legalName}: ______________________  Name: ______________  Date: __________`,
          "Signed by or on behalf of the Investor: ______________________  Name: ______________  Date: __________",
        ],
      },
    ],
  );
}

// ---- Due-diligence packs ----------------------------------------------------------------------

type Opportunity = (typeof demoOpportunities)[number];

/** What our due diligence found on one project (the demo opportunities' own facts stay in demo-content). */
interface DueDiligence {
  publishedAt: string;
  developer: string[];
  trackRecord: string[][];
  titleAndEscrow: string[];
  paymentPlan: { intro: string; rows: string[][] };
  construction: string[];
  assumptions: string[];
  risks: string[];
  documents: string[][];
}

const DUE_DILIGENCE: Record<string, DueDiligence> = {
  "Erbil Citadel Residences": {
    publishedAt: "2026-03-16",
    developer: [
      "Zagros Development Group is a privately owned Erbil developer founded in 2008 by two engineers who had worked as main contractors on public buildings in the Region. It has completed four residential schemes with 1,120 units between them, and builds through its own contracting company, which keeps cost control in the group but concentrates construction risk on one balance sheet.",
      "We met the board in Erbil in January 2026, visited two completed schemes and spoke to the owners' associations of both. The audited accounts for 2023 and 2024 show modest bank borrowing, a facility of $9.5 million secured on land the group owns in Ankawa, and buyers' payments funding about 55% of construction cost on current projects.",
    ],
    trackRecord: [
      ["Ankawa Garden Apartments", "312", "Q4 2016", "Q2 2017", "Six months late; snagging closed within a year"],
      ["Gulan Park Residences", "268", "Q2 2019", "Q4 2019", "Six months late after a change of facade supplier"],
      ["100 Metre Road Towers A and B", "356", "Q3 2021", "Q1 2022", "Pandemic delay; buyers given a 2% credit"],
      ["Shaqlawa Hills Villas", "184", "Q4 2023", "Q4 2023", "On time; title registered within four months"],
    ],
    titleAndEscrow: [
      "The plot of 9,400 m² is held freehold by a project company wholly owned by the developer and registered at the Erbil real-estate registry. The registry extract we inspected, dated January 2026, records no mortgage, caveat or other charge. The building permit, issued by the Erbil governorate, is valid until 2028.",
      "The Kurdistan Region has no statutory escrow regime. At our request the developer pays buyers' money into a dedicated project account at a commercial bank in Erbil. Withdrawals need the countersignature of the independent quantity surveyor and are audited each quarter by the Erbil office of an international accounting firm; we have read the audit reports for the last four quarters. Units are registered in buyers' names after handover; until then, a buyer holds a contractual right under the sale and purchase agreement.",
    ],
    paymentPlan: {
      intro: "A 30/70 plan: 30% during construction, in three instalments each released against a surveyor's certificate, and 70% at handover. It keeps most of the price in the investor's hands until the building is finished; the trade-off is a large payment at completion, and mortgage finance in the Region is scarce.",
      rows: [
        ["Signature of the sale and purchase agreement", "10%", "On signing", "Signed agreement"],
        ["Structure complete to level 32", "10%", "Q3 2026 (expected)", "Surveyor's certificate"],
        ["Facade and first-fix services complete", "10%", "Q1 2027 (expected)", "Surveyor's certificate"],
        ["Handover", "70%", "Q4 2027 (expected)", "Completion certificate and unit inspection"],
      ],
    },
    construction: [
      "At our site visit in February 2026, the concrete frame was complete to level 18 of 32, consistent with the surveyor's January report, which put the project about two months behind its original programme. The delay followed an interruption in cement deliveries in the autumn of 2025. The frame is rising at about one floor every twelve days, which would see the structure complete in the third quarter of 2026.",
      "The lifts have been ordered from a European manufacturer, with a deposit paid; the generator plant and water tanks are specified for the full building load. Show apartments on level 2 were finished to the specification in the sales contract.",
    ],
    assumptions: [
      "Purchase at the investor price list in force at publication: an average of $1,420 per m² for a two-bedroom apartment of 118 m².",
      "Handover in December 2027, with sale or letting within six months of handover.",
      "Exit at $1,750 to $1,850 per m², in line with asking prices for completed towers of similar quality in central Erbil in 2025.",
      "Where the unit is held and let: a gross yield of 9% on the purchase price, less 20% for service charges, vacancies and management.",
      "Transaction costs on exit of 4% of the sale price. No borrowing. All figures in US dollars, with no allowance for currency movements.",
    ],
    risks: [
      "The 70% payment at handover: if an investor cannot fund it on time, the contract allows the developer to cancel and keep part of the payments made.",
      "Construction risk sits with the developer's own contracting company; there is no separate contractor's performance bond.",
      "Budget disputes between Erbil and Baghdad delay public salaries from time to time, which weakens local buyers and tenants.",
      "Resale before handover needs the developer's consent and a transfer fee of 2% of the price.",
    ],
    documents: [
      ["Registry extract for the plot", "Reviewed", "January 2026; no charges recorded"],
      ["Building permit", "Reviewed", "Valid until 2028"],
      ["Sale and purchase agreement (investor form)", "Reviewed", "Two amendments agreed for our clients"],
      ["Project account agreement and quarterly audits", "Reviewed", "Last four quarters"],
      ["Quantity surveyor's monthly report", "Reviewed", "January 2026"],
      ["Developer's audited accounts", "Reviewed", "2023 and 2024"],
      ["Contractor's all-risks insurance", "Reviewed", "Valid to handover"],
      ["Contractor's performance bond", "Not available", "Developer builds in-house; see key risks"],
    ],
  },
  "Tigris Gardens, Baghdad": {
    publishedAt: "2026-05-11",
    developer: [
      "Al-Rafidain Urban Developments is a Baghdad developer established in 2011, part of a family group with interests in building materials and logistics. It has completed three residential projects in Baghdad with 830 apartments between them. Tigris Gardens is its largest project by some distance, which is the main point of our assessment.",
      "We have known the management since 2019 and met them again in Baghdad in March 2026. The group's audited accounts for 2024 show the building-materials business generating cash that has been used to buy the land and fund the enabling works; buyers' payments will fund most of the construction.",
    ],
    trackRecord: [
      ["Karrada Riverside Apartments", "240", "Q2 2017", "Q1 2018", "Nine months late; title registered within a year"],
      ["Mansour Court", "180", "Q4 2019", "Q4 2019", "On time"],
      ["Zayouna Gardens, phase one", "410", "Q3 2022", "Q2 2023", "Nine months late; municipal power connection delayed"],
    ],
    titleAndEscrow: [
      "The riverside plot on the Jadriya bank is registered freehold at the Baghdad real-estate registry in the name of the project company. The project holds an investment licence for residential development, and the master plan has been approved by the Baghdad municipality. Title deeds for individual apartments are issued at the registry on completion of each building; the developer's last two projects took between five and eleven months.",
      "Federal Iraq has no statutory escrow regime. Buyers' payments go to a project account at a state-owned bank, and the independent quantity surveyor, who reports monthly, must certify each milestone before funds are released to the contractor. We have read the account mandate and the surveyor's appointment letter.",
    ],
    paymentPlan: {
      intro: "Investors in phase one pay 12% below the price the developer intends for the public launch. Payments are tied to milestones in the investor's own building, each certified by the surveyor.",
      rows: [
        ["Reservation and signature", "20%", "On signing", "Signed agreement"],
        ["Basement and foundations complete", "10%", "Q3 2026 (expected)", "Surveyor's certificate"],
        ["Structure complete", "10%", "Q2 2027 (expected)", "Surveyor's certificate"],
        ["Facade and windows complete", "10%", "Q4 2027 (expected)", "Surveyor's certificate"],
        ["Internal finishes complete", "10%", "Q1 2028 (expected)", "Surveyor's certificate"],
        ["Handover", "40%", "Q2 2028 (expected)", "Completion certificate and unit inspection"],
      ],
    },
    construction: [
      "Enabling works, piling and the river-wall works are complete for the three buildings of phase one. The basement raft for the first building was poured in January 2026 and the second was in progress at our visit in March. Above-ground work on the first building is due to start in the third quarter of 2026.",
      "The school and clinic plots are reserved in the master plan; their buildings depend on operators the developer has not yet signed, and we have given them no value in our projections.",
    ],
    assumptions: [
      "Purchase at the phase-one investor price: an average of $1,180 per m², against an intended public launch price of about $1,340.",
      "Handover of phase one by June 2028 and registration of title within twelve months after that.",
      "Exit at $1,550 to $1,700 per m², in line with completed gated riverside stock in Jadriya and Karrada in 2025.",
      "Where held and let: a gross yield of 9.5% on the purchase price, less 25% for service charges, vacancies and management, reflecting the compound's security and generator costs.",
      "Transaction costs on exit of 4%. No borrowing. All figures in US dollars.",
    ],
    risks: [
      "Developer scale: the project is several times larger than anything the developer has delivered, so its management and cash flow will be stretched.",
      "Utilities: the developer's last project waited months for its municipal power connection; the compound's own generation covers the shortfall, at a cost to service charges.",
      "Title: registration of individual deeds after completion has taken up to eleven months on the developer's earlier projects.",
      "Transfers: payments into Iraq pass through bank compliance checks under the Central Bank's rules, which can delay instalments; we schedule around them.",
      "Security and political risk in Baghdad can affect construction and access to the site.",
    ],
    documents: [
      ["Registry extract for the plot", "Reviewed", "February 2026; no charges recorded"],
      ["Investment licence", "Reviewed", "Residential development; conditions noted"],
      ["Master plan approval, Baghdad municipality", "Reviewed", "Phases one to three"],
      ["Geotechnical and river-wall reports", "Reviewed", "Independent engineer's summary available"],
      ["Project account mandate and surveyor's appointment", "Reviewed", "Release against certificates"],
      ["Quantity surveyor's monthly reports", "Reviewed", "November 2025 to February 2026"],
      ["Developer group's audited accounts", "Reviewed", "2024; 2025 due in June 2026"],
      ["Sale and purchase agreement (investor form)", "Reviewed", "Registration clause amended"],
    ],
  },
  "Creek Harbour Lofts, Dubai": {
    publishedAt: "2026-07-06",
    developer: [
      "Meridian Properties is a Dubai developer registered with the Real Estate Regulatory Agency. Since 2012 it has delivered six residential towers with about 2,300 units, in Dubai Marina, Jumeirah Village Circle, Al Jaddaf and Business Bay. It uses established main contractors under fixed-price contracts and runs its own hospitality company, which manages serviced apartments in two of its completed towers.",
    ],
    trackRecord: [
      ["Meridian Bay Residences, Dubai Marina", "410", "Q4 2015", "Q1 2016", "Three months late"],
      ["Meridian Heights, Jumeirah Village Circle", "520", "Q2 2019", "Q2 2019", "On time"],
      ["Al Jaddaf Lofts", "380", "Q4 2022", "Q2 2023", "Six months late; supply-chain delays"],
      ["The Meridian, Business Bay", "290", "Q4 2024", "Q4 2024", "On time"],
    ],
    titleAndEscrow: [
      "The project is registered with the Dubai Land Department, and each sale is recorded in the Department's register of off-plan sales when the agreement is signed. Payments go to the project's escrow account with an approved bank, as Dubai's escrow law requires, and are released to the developer against construction progress verified by the Real Estate Regulatory Agency. The title deed is issued in the buyer's name at handover, once the final payment is made.",
      "The buyer pays the Land Department's registration fee of 4% of the price when the sale is recorded.",
    ],
    paymentPlan: {
      intro: "A 60/40 plan, with instalments tied to construction progress as verified for the escrow account, and 40% at handover.",
      rows: [
        ["Booking and registration of the sale", "10% plus 4% fee", "On signing", "Registered sale"],
        ["Within 90 days of booking", "10%", "Fixed date", "Instalment notice"],
        ["Construction 30% complete", "10%", "Passed", "Verified progress report"],
        ["Construction 50% complete", "10%", "Q3 2026 (expected)", "Verified progress report"],
        ["Construction 70% complete", "10%", "Q1 2027 (expected)", "Verified progress report"],
        ["Construction 90% complete", "10%", "Q2 2027 (expected)", "Verified progress report"],
        ["Handover", "40%", "Q3 2027 (expected)", "Completion certificate and title deed"],
      ],
    },
    construction: [
      "Piling and the podium are complete and the structure had reached level 22 of 41 at our visit in June 2026. The latest verified progress for the escrow account was 46%. The programme shows structural completion in the first quarter of 2027 and handover in September 2027.",
      "The two-year rental guarantee of 7% net from handover is a contractual undertaking by the developer's hospitality company, backed by a parent-company guarantee from the developer. It is not a bank guarantee; its value depends on the developer's finances, which we have reviewed.",
    ],
    assumptions: [
      "Purchase at an average of $6,900 per m² (about AED 2,350 per square foot) for a one-bedroom loft of 78 m².",
      "Handover in September 2027 and the guaranteed 7% net rent for the two years after handover.",
      "Exit at the end of year three at 8% to 12% above the purchase price, in line with the premium completed waterfront stock in the Creek Harbour area has carried over comparable off-plan launches.",
      "Service charges as in the provisional budget, and a 2% agency fee on the sale.",
      "The 4% registration fee is included in the cost. No borrowing. All figures in US dollars, converted at the dirham's peg.",
    ],
    risks: [
      "Supply: Dubai has a large pipeline of units due for completion between 2026 and 2028, which could hold back rents and resale prices when this tower completes.",
      "The rental guarantee depends on the developer's ability to pay; after it ends, the unit earns market rent.",
      "Service charges are provisional until the owners' association approves the first budget.",
      "Golden Visa eligibility depends on the rules in force and the investor's circumstances when the application is made.",
    ],
    documents: [
      ["Project registration with the Land Department", "Reviewed", "Registration current"],
      ["Escrow account certificate", "Reviewed", "Approved bank"],
      ["Sale and purchase agreement", "Reviewed", "Developer's standard form"],
      ["Rental guarantee agreement and parent-company guarantee", "Reviewed", "Two years from handover"],
      ["Verified construction progress report", "Reviewed", "46%, May 2026"],
      ["Developer's audited accounts", "Reviewed", "2024 and 2025"],
      ["Provisional service-charge budget", "Reviewed", "Subject to approval"],
    ],
  },
  "Abdali Business Quarter Offices": {
    publishedAt: "2026-09-14",
    developer: [
      "Levant Capital Estates is an Amman developer founded in 2006 that specialises in offices and medical buildings. It has completed four commercial buildings in Amman with about 42,700 m² of lettable space between them, and retains a minority share in two of them, which gives it a continuing interest in how they are managed and let.",
    ],
    trackRecord: [
      ["Shmeisani Business Centre", "14,000 m²", "Q2 2014", "Q3 2014", "Three months late"],
      ["Jabal Amman Office Park", "9,500 m²", "Q4 2017", "Q2 2018", "Six months late"],
      ["Sweifieh Medical Tower", "11,200 m²", "Q1 2021", "Q4 2021", "Pandemic delay"],
      ["Khalda Gate", "8,000 m²", "Q3 2023", "Q3 2023", "On time; fully let within a year"],
    ],
    titleAndEscrow: [
      "The plot is registered at Jordan's Department of Lands and Survey in the name of the project company, and we have inspected the registration certificate. Floors and half-floors are sold as separately registered units on completion. Purchases by non-Jordanians need approval, which we have seen granted for comparable commercial purchases within several weeks; transfer fees and taxes have been changed several times in recent years and must be confirmed when the purchase is made.",
      "Buyers' payments go to a project account at a Jordanian bank under a three-party agreement between the developer, the bank and the project's consulting engineer, who certifies each release.",
    ],
    paymentPlan: {
      intro: "A 70/30 plan reflecting the building's advanced stage: most of the price is paid against construction already certified, and 30% at handover.",
      rows: [
        ["Signature", "25%", "On signing", "Signed agreement"],
        ["Structure complete", "25%", "Passed", "Engineer's certificate"],
        ["Facade and services complete", "20%", "Q4 2026 (expected)", "Engineer's certificate"],
        ["Handover and registration", "30%", "Q1 2027 (expected)", "Completion certificate and registration"],
      ],
    },
    construction: [
      "The structure is complete and the facade was about 60% installed at our visit in August 2026. Lifts and central plant are being installed, and the common areas are being fitted out. The building's design has LEED Gold certification; certification of the completed building depends on commissioning and will follow handover.",
      "The anchor tenant, a regional bank, has signed a ten-year lease for three floors, about 30% of the lettable area, with rent reviews every two years and no break clause in the first five years. We have read the lease.",
    ],
    assumptions: [
      "Purchase at an average of $2,150 per m² of lettable area for a half-floor of 420 m².",
      "Handover in March 2027 and letting of a non-anchor floor within nine months, at $17 per m² per month, with a rent-free period of three months.",
      "Sale at the end of year five at a net initial yield of 8.5%, in line with recent sales of let Grade-A offices in Amman.",
      "Service charges recovered from the tenant; transfer costs on purchase and sale as currently applied.",
      "No borrowing. All figures in US dollars; the Jordanian dinar is pegged to the dollar.",
    ],
    risks: [
      "Letting: the anchor lease covers about 30% of the building. Other floors depend on demand for Grade-A offices in Amman, where vacancies have been high in older stock.",
      "Tenant covenant: income from a let floor depends on one tenant's ability to pay for the lease term.",
      "Exit: investment sales of office floors in Amman are infrequent, and the exit yield is the largest single driver of the projected return.",
      "Regional events affect sentiment toward Jordan even when the domestic economy is stable.",
    ],
    documents: [
      ["Land registration certificate", "Reviewed", "No charges recorded"],
      ["Building permit", "Reviewed", "Current"],
      ["Anchor tenant lease", "Reviewed", "Ten years; reviews every two years"],
      ["LEED design certification", "Reviewed", "Gold, design stage"],
      ["Three-party project account agreement", "Reviewed", "Release against engineer's certificates"],
      ["Engineer's certificates to date", "Reviewed", "Structure complete"],
      ["Developer's audited accounts", "Reviewed", "2024 and 2025"],
      ["Approval for non-Jordanian buyers", "Per buyer", "Applied for after signing"],
    ],
  },
};

/** The low and high ends of "18-24% IRR". */
function irrRange(projected: string): [number, number] {
  const [low, high] = (projected.match(/\d+(\.\d+)?/g) ?? ["10"]).map(Number);
  return [low ?? 10, high ?? low ?? 10];
}

const irr = ([low, high]: [number, number], shift: [number, number]) => `${low + shift[0]}% to ${high + shift[1]}%`;

/** Our generic findings, for an active opportunity without its own entry (the admin may add one). */
function genericDueDiligence(o: Opportunity): DueDiligence {
  return {
    publishedAt: "2026-01-12",
    developer: [`${o.developer} is the developer of ${o.title}. We reviewed its completed projects, its accounts and its funding for this project, and met its management.`],
    trackRecord: [["Details in the full developer report", "", "", "", "Available on request"]],
    titleAndEscrow: ["We inspected the land registration, the permits and the arrangements for holding buyers' payments; copies are available to allocated investors."],
    paymentPlan: { intro: "Payments are tied to construction milestones certified by an independent surveyor.", rows: [["Signature", "As agreed", "On signing", "Signed agreement"], ["Handover", "Balance", formatCompletion(o.completionDate), "Completion certificate"]] },
    construction: ["Construction progress is reported monthly by the independent surveyor."],
    assumptions: [`Completion by ${formatCompletion(o.completionDate)}, exit at prices for comparable completed stock, and the investment period of ${o.investmentPeriod}. No borrowing; all figures in US dollars.`],
    risks: ["The developer's funding depends in part on continued sales.", "Construction costs may rise faster than the contract allows for."],
    documents: [["Land registration", "Reviewed", ""], ["Permits", "Reviewed", ""], ["Sale and purchase agreement", "Reviewed", ""]],
  };
}

function dueDiligencePack(o: Opportunity): DemoDocument {
  const dd = DUE_DILIGENCE[o.title] ?? genericDueDiligence(o);
  const range = irrRange(o.projectedReturns);
  const title = `${o.title}: Due-Diligence Pack`;
  const sections: PdfSection[] = [
    {
      heading: "Summary",
      paragraphs: [
        `This pack records the due diligence ${brand.name} carried out on ${o.title} before presenting it to clients. It covers the developer, title and the handling of buyers' payments, the payment plan, construction progress, the assumptions behind the projected returns and what happens to them if those assumptions do not hold, and the key risks.`,
      ],
      table: {
        columns: ["Item", "Detail"],
        rows: [
          ["Location", o.location],
          ["Developer", o.developer],
          ["Total project value", formatUsd(o.totalValue)],
          ["Units available to our clients", String(o.unitsAvailable ?? "On request")],
          ["Minimum investment", formatUsd(o.minimumInvestment)],
          ["Projected returns", `${o.projectedReturns} (projected, not guaranteed)`],
          ["Expected completion", formatCompletion(o.completionDate)],
          ["Investment period", o.investmentPeriod],
        ],
      },
    },
    { heading: "The project", paragraphs: [o.description], bullets: [...o.projectHighlights] },
    {
      heading: "Developer track record",
      paragraphs: dd.developer,
      table: { columns: ["Earlier project", "Units or area", "Promised", "Handed over", "Comment"], rows: dd.trackRecord },
    },
    { heading: "Title and escrow", paragraphs: dd.titleAndEscrow },
    { heading: "Payment plan", paragraphs: [dd.paymentPlan.intro], table: { columns: ["Milestone", "Share of price", "Timing", "Evidence before payment"], rows: dd.paymentPlan.rows } },
    { heading: "Construction status", paragraphs: dd.construction },
    {
      heading: "Projected returns and assumptions",
      paragraphs: [
        `The projected range of ${o.projectedReturns} is an internal rate of return on the investor's payments over the investment period of ${o.investmentPeriod}. It rests on the assumptions below. It is a projection, not a forecast or a promise, and the investor's actual return may be lower, or negative.`,
      ],
      bullets: dd.assumptions,
    },
    {
      heading: "Sensitivities",
      paragraphs: ["How the projected internal rate of return moves when one or two assumptions do not hold, all else unchanged. The figures are approximate and rounded to whole percentage points."],
      table: {
        columns: ["Scenario", "What changes", "Projected IRR"],
        rows: [
          ["Base case", "As assumed above", irr(range, [0, 0])],
          ["Late completion", "Handover 12 months later than assumed", irr(range, [-5, -6])],
          ["Lower exit price", "Sale price 10% below the assumption", irr(range, [-7, -8])],
          ["Late and lower", "Both of the above", irr(range, [-11, -12])],
          ["Higher exit price", "Sale price 10% above the assumption", irr(range, [4, 5])],
        ],
      },
    },
    { heading: "Key risks", paragraphs: ["The risks particular to this project, in addition to those every off-plan investment carries:"], bullets: dd.risks },
    { heading: "Documents reviewed", table: { columns: ["Document", "Status", "Notes"], rows: dd.documents } },
    { heading: "Important information", paragraphs: [RISK_WARNING] },
  ];
  return {
    title,
    summary: `Our due diligence on ${o.title} (${o.location}): the developer's track record, title and escrow, the payment plan, construction status, the assumptions behind the projected ${o.projectedReturns} with a table of sensitivities, the key risks and the documents we reviewed.`,
    kind: "due_diligence_pack",
    audience: "investor",
    opportunityTitle: o.title,
    fileName: `${slug(o.title)}-due-diligence-pack.pdf`,
    content: {
      kicker: "Due-diligence pack",
      title,
      subtitle: `${o.location} · ${o.developer}`,
      meta: [`Prepared by the ${brand.name} due-diligence team · ${longDate(dd.publishedAt)}`, `For members on the Investor and Elite plans · Minimum investment ${formatUsd(o.minimumInvestment)}`],
      sections,
      footerNote: `Confidential. Prepared by ${brand.legalName} for its members and clients considering ${o.title}. It is not an offer: an investment is made only under the transaction documents, after independent legal and tax advice.`,
    },
    publishedAt: dd.publishedAt,
  };
}

// ---- The library ------------------------------------------------------------------------------

/**
 * Every document of the demo library: the investor pack, three market reports, four
 * legal documents and one due-diligence pack for each active demo opportunity.
 */
export function demoDocuments(): DemoDocument[] {
  return [
    investorPack(),
    ...REPORTS.map(marketReport),
    termsOfBusiness(),
    riskDisclosure(),
    privacyNotice(),
    clientAgreement(),
    ...activeOpportunities().map(dueDiligencePack),
  ];
}
