/**
 * How this register tells its barcode scanner from a person at the keyboard. A scanner is a keyboard
 * that types a whole code in a fast burst and presses Enter; the burst's pace and length set it apart.
 * The values belong to the till (its scanner), not to the user: they live in this browser's
 * localStorage, one set per register.
 */
export type ScannerSettings = {
  /** Longest pause between two keys of a scan, in ms. People pause 100 ms and more; scanners 1-20 ms. */
  maxGapMs: number;
  /** Fewest characters a scan has (prefix and suffix excluded); a shorter fast burst is typing. */
  minLength: number;
  /** Characters the scanner is set to send before every code ('' for none); stripped, and required. */
  prefix: string;
  /** Characters the scanner sends after the code, before Enter ('' for none); stripped, and required. */
  suffix: string;
};

export const SCANNER_SETTINGS_KEY = 'pos.scanner';
/** Sent on window when this tab saves new settings (other tabs get the storage event). */
export const SCANNER_SETTINGS_CHANGED = 'pos-scanner-settings';

export const DEFAULT_SCANNER_SETTINGS: ScannerSettings = { maxGapMs: 40, minLength: 6, prefix: '', suffix: '' };

const clampInt = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 8) : '');

/** Any stored value, checked: out-of-range numbers are clamped, anything unreadable falls back to the default. */
export function parseScannerSettings(raw: unknown): ScannerSettings {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const d = DEFAULT_SCANNER_SETTINGS;
  return {
    maxGapMs: clampInt(value.maxGapMs, 5, 250, d.maxGapMs),
    minLength: clampInt(value.minLength, 2, 32, d.minLength),
    prefix: text(value.prefix),
    suffix: text(value.suffix),
  };
}

/** This register's scanner settings (the defaults when none were saved or storage is unavailable). */
export function loadScannerSettings(): ScannerSettings {
  try {
    const stored = localStorage.getItem(SCANNER_SETTINGS_KEY);
    return parseScannerSettings(stored ? JSON.parse(stored) : null);
  } catch {
    return DEFAULT_SCANNER_SETTINGS;
  }
}

export function saveScannerSettings(settings: ScannerSettings): ScannerSettings {
  const checked = parseScannerSettings(settings);
  localStorage.setItem(SCANNER_SETTINGS_KEY, JSON.stringify(checked));
  window.dispatchEvent(new Event(SCANNER_SETTINGS_CHANGED));
  return checked;
}

/** A code typed into the Barcode field without the scanner's prefix and suffix, when it has them. */
export function withoutAffixes(code: string, settings: ScannerSettings): string {
  let inner = code;
  if (settings.prefix && inner.startsWith(settings.prefix)) inner = inner.slice(settings.prefix.length);
  if (settings.suffix && inner.endsWith(settings.suffix)) inner = inner.slice(0, -settings.suffix.length);
  return inner.trim();
}

/** The code inside a burst, or null when the burst is no scan (too short, or without the set prefix/suffix). */
export function scannedCode(burst: string, settings: ScannerSettings): string | null {
  let code = burst;
  if (settings.prefix) {
    if (!code.startsWith(settings.prefix)) return null;
    code = code.slice(settings.prefix.length);
  }
  if (settings.suffix) {
    if (!code.endsWith(settings.suffix)) return null;
    code = code.slice(0, -settings.suffix.length);
  }
  code = code.trim();
  return code.length >= settings.minLength ? code : null;
}
