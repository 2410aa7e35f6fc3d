import i18next from 'i18next';

const units = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count in B, KB, MB or GB (SPEC §9 units; translated, e.g. French Ko, Mo). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(i18next.language, {
    maximumFractionDigits: unit === 0 ? 0 : value < 10 ? 1 : 0,
  }).format(value);
  return `${number} ${i18next.t(`units.${units[unit] ?? 'B'}`)}`;
}
