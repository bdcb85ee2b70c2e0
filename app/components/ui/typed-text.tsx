import { useLocale } from "~/i18n/i18n";
import { typedTextProps } from "~/i18n/locales";

/**
 * Text someone typed rather than a message of ours: a visitor's name or message, the
 * firm's English for an opportunity or a document. On an Arabic or Sorani page, text with
 * no Arabic-script letter is marked English and left to right (screen readers pronounce it
 * as English, its punctuation stays put); a person's or a company's name is never handed
 * to a page translator.
 */
export function TypedText({ text, name = false }: { text: string; name?: boolean }) {
  const locale = useLocale();
  return (
    <span translate={name ? "no" : undefined} {...typedTextProps(text, locale)}>
      {text}
    </span>
  );
}
