import { formatNumber } from './number-format';

/** "245 ko" / "245 kB", "1,2 Mo" / "1.2 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const isFrench = language.startsWith('fr');
  const units = isFrench ? ['o', 'ko', 'Mo', 'Go'] : ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${formatNumber(value, language, digits)} ${units[unit]}`;
}
