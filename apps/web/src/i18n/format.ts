/**
 * Numbers, dates and file sizes in the reader's language (SPEC §2, §9). Each takes the locale
 * explicitly and defaults to the one showing, so a page re-renders them on a language switch.
 */
import i18next from 'i18next';

const units = ['B', 'KB', 'MB', 'GB'] as const;

function current(): string {
  return i18next.language || 'en';
}

export function formatNumber(value: number, locale = current(), options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** A day, e.g. 3 Mar 2025, 3 mars 2025, 2025/03/03. */
export function formatDate(date: Date | number, locale = current()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** A day and time of day, for message and file lists. */
export function formatDateTime(date: Date | number, locale = current()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A byte count in B, KB, MB or GB, in steps of 1,024 (SPEC §9 units). The unit names come
 * from the locale file (`units.*`), so French shows o, Ko, Mo, Go.
 */
export function formatFileSize(bytes: number, locale = current()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = formatNumber(value, locale, { maximumFractionDigits: unit === 0 ? 0 : value < 10 ? 1 : 0 });
  // A no-break space keeps the number and its unit on one line.
  return `${number}\u00a0${i18next.getFixedT(locale)(`units.${units[unit] ?? 'B'}`)}`;
}
