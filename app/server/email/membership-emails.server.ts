import type { AlertTopic } from "~/domain/alerts";
import { ALERT_CONFIRM_DAYS } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { REPLY_WITHIN_HOURS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { INTEREST_STATUS_LABELS, type InterestStatus } from "~/domain/interests";
import { greeting, layout, type EmailContent } from "./templates.server";

/**
 * The e-mails of membership (issue 15): expressions of interest and alerts. A mail to an
 * address nobody verified (an alert's confirmation) carries only the firm's own text and
 * the link; the rest go to verified account addresses and to the admins.
 */

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export interface InterestMailInput {
  siteUrl: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  opportunityId: string;
  opportunityTitle: string;
  amountUsd: number;
  units: number | null;
  note: string | null;
}

const interestLines = (input: InterestMailInput) => [
  `Opportunity: ${oneLine(input.opportunityTitle)}`,
  `Indicative amount: ${formatUsd(input.amountUsd)}`,
  ...(input.units ? [`Units: ${input.units}`] : []),
];

/** To the investor (their account's verified address): what they registered. */
export function interestReceiptEmail(input: InterestMailInput): EmailContent {
  const { html, text } = layout({
    preheader: `Your interest in ${oneLine(input.opportunityTitle)} is registered.`,
    heading: "Your interest is registered",
    paragraphs: [
      greeting(input.firstName),
      `Thank you. Your adviser will be in touch within ${REPLY_WITHIN_HOURS} hours to talk it through. An expression of interest is not an offer or a reservation: nothing is committed until you sign.`,
      ...interestLines(input),
    ],
    action: { label: "See your interests", url: `${input.siteUrl}/dashboard/interests` },
    note: `You receive this e-mail because you registered interest on ${brand.name}.`,
  });
  return { subject: `Your interest in ${oneLine(input.opportunityTitle)}`, html, text };
}

/** To each admin: who, in what, how much, with the way to the interests area. */
export function adminInterestNoticeEmail(input: InterestMailInput): EmailContent {
  const name = oneLine(`${input.firstName ?? ""} ${input.lastName ?? ""}`) || input.email;
  const { html, text } = layout({
    preheader: `${name} indicated ${formatUsd(input.amountUsd)} for ${oneLine(input.opportunityTitle)}.`,
    heading: "New expression of interest",
    paragraphs: [
      `Please contact the investor within ${REPLY_WITHIN_HOURS} hours.`,
      `Investor: ${name}`,
      `Email: ${input.email}`,
      ...interestLines(input),
      ...(input.note ? [`Note: ${input.note}`] : []),
    ],
    action: { label: "Open the interests area", url: `${input.siteUrl}/admin/interests?opportunity=${input.opportunityId}` },
    note: `You receive this e-mail because you are an administrator of ${brand.name}.`,
  });
  return { subject: `New interest in ${oneLine(input.opportunityTitle)} from ${name}`, html, text };
}

const STATUS_SENTENCES: Record<InterestStatus, string> = {
  new: "Your interest is back with our team, who will be in touch.",
  contacted: "Your adviser has been in touch about it. If you have not heard from them, please reply to this e-mail.",
  allocated: "Good news: an allocation has been set aside for you. Your adviser will send the documents to sign.",
  declined: "We are sorry: we cannot offer you an allocation this time. Your adviser can tell you about similar opportunities.",
};

/** To the investor when an admin changes their interest's status. */
export function interestStatusEmail(input: InterestMailInput & { status: InterestStatus }): EmailContent {
  const label = INTEREST_STATUS_LABELS[input.status];
  const { html, text } = layout({
    preheader: `Your interest in ${oneLine(input.opportunityTitle)}: ${label}.`,
    heading: `Your interest: ${label}`,
    paragraphs: [greeting(input.firstName), STATUS_SENTENCES[input.status], ...interestLines(input)],
    action: { label: "See your interests", url: `${input.siteUrl}/dashboard/interests` },
    note: `You receive this e-mail because you registered interest on ${brand.name}.`,
  });
  return { subject: `Your interest in ${oneLine(input.opportunityTitle)}: ${label}`, html, text };
}

const TOPIC_PROMISES: Record<AlertTopic, string> = {
  app_launch: `Please confirm that you would like a single e-mail from ${brand.name} on the day our mobile app launches.`,
  new_opportunities: `Please confirm that you would like an e-mail from ${brand.name} when a new investment opportunity opens.`,
};

/**
 * To an address a visitor typed, not yet confirmed: the firm's text and the link only,
 * nothing the visitor wrote (the address itself is its only input).
 */
export function alertConfirmationEmail(input: { siteUrl: string; topic: AlertTopic; token: string }): EmailContent {
  const { html, text } = layout({
    preheader: "One click to confirm your address.",
    heading: "Please confirm your address",
    paragraphs: ["Hello,", TOPIC_PROMISES[input.topic]],
    action: { label: "Confirm my address", url: `${input.siteUrl}/alerts/confirm?token=${input.token}` },
    note: `This link works for ${ALERT_CONFIRM_DAYS} days. If you did not ask for this, ignore this e-mail and you will hear nothing more from us.`,
  });
  return { subject: `Please confirm your address for ${brand.name}`, html, text };
}

/** A new opportunity, to a subscriber it just opened to (an Elite member before the public). */
export function newOpportunityAlertEmail(input: {
  siteUrl: string;
  firstName: string | null;
  unsubscribeUrl: string;
  earlyAccess: boolean;
  opportunity: { id: string; title: string; location: string; minimumInvestment: number; projectedReturns: string };
}): EmailContent {
  const o = input.opportunity;
  const { html, text } = layout({
    preheader: `${oneLine(o.title)}, ${oneLine(o.location)}: minimum ${formatUsd(o.minimumInvestment)}.`,
    heading: input.earlyAccess ? "Early access: a new opportunity" : "A new opportunity is open",
    paragraphs: [
      greeting(input.firstName),
      input.earlyAccess
        ? "As an Elite member you see this opportunity before it opens to everyone else."
        : "A new opportunity has just opened to investors.",
      `${oneLine(o.title)}, ${oneLine(o.location)}`,
      `Minimum investment: ${formatUsd(o.minimumInvestment)}`,
      `Projected returns: ${oneLine(o.projectedReturns)}. Projected figures are not a promise; your capital is at risk.`,
    ],
    action: { label: "View the opportunity", url: `${input.siteUrl}/opportunities/${o.id}` },
    note: `You receive this e-mail because you turned on opportunity alerts on ${brand.name}.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
  return { subject: `${input.earlyAccess ? "Early access: " : "New opportunity: "}${oneLine(o.title)}`, html, text, unsubscribeUrl: input.unsubscribeUrl };
}
