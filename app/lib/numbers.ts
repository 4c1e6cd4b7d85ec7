import { useTranslation } from "react-i18next";

// Plain numbers (counts, quantities) as the reader writes them: 12,345.5 in
// English, Hausa, Igbo and Yoruba; 12 345,5 in French. The same Intl data the
// texts' {{count, number}} placeholders use, so a figure reads alike in a
// sentence and on its own.

const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, language: string): string {
  if (!Number.isFinite(value)) return "";
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** formatNumber in the page's language. */
export function useFormatNumber() {
  const { i18n } = useTranslation();
  return (value: number) => formatNumber(value, i18n.language);
}
