import { Fragment, type ReactNode } from "react";

/**
 * Elements inside a translated sentence (a link, bold text, a <time>), wherever the
 * language puts them. The message names each element as a placeholder ("For {opportunity}");
 * the placeholder is formatted with a stand-in, and the element takes its place:
 *
 *   <RichText
 *     message={t("portal.document.partOf", standIns("opportunity"))}
 *     elements={{ opportunity: <Link to={…}>{title}</Link> }}
 *   />
 *
 * Other values go beside the stand-ins: `t(key, { ...standIns("link"), days })`.
 * A stand-in is private-use characters around the element's name, which no message holds,
 * so a message may have several elements, the same one twice, or none (its text is then
 * left as it is). A stand-in whose name `elements` lacks shows nothing.
 */

const OPEN = "\uE000";
const CLOSE = "\uE001";
const STAND_IN = new RegExp(`${OPEN}([^${OPEN}${CLOSE}]+)${CLOSE}`, "g");

/** The values to format a message's element placeholders with, by name: `t(key, standIns("link", "email"))`. */
export function standIns<Name extends string>(...names: Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, `${OPEN}${name}${CLOSE}`])) as Record<Name, string>;
}

/** A formatted message with each stand-in replaced by the element of that name. */
export function richText(message: string, elements: Readonly<Record<string, ReactNode>>): ReactNode {
  if (!message.includes(OPEN)) return message;
  const parts: ReactNode[] = [];
  const seen = new Map<string, number>();
  let from = 0;
  for (const match of message.matchAll(STAND_IN)) {
    const name = match[1]!;
    if (match.index > from) parts.push(message.slice(from, match.index));
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    // Keyed by name and occurrence: stable however the language orders the elements.
    parts.push(<Fragment key={`${name}-${n}`}>{elements[name]}</Fragment>);
    from = match.index + match[0].length;
  }
  if (from < message.length) parts.push(message.slice(from));
  return <>{parts}</>;
}

/** `richText` as an element: `<RichText message={t(key, standIns("link"))} elements={{ link: <Link …/> }} />`. */
export function RichText({ message, elements }: { message: string; elements: Readonly<Record<string, ReactNode>> }) {
  return <>{richText(message, elements)}</>;
}
