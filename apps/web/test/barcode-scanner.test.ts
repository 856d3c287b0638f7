import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScanDetector } from '../src/features/pos/hooks/use-barcode-scanner';
import {
  DEFAULT_SCANNER_SETTINGS,
  parseScannerSettings,
  type ScannerSettings,
  scannedCode,
  withoutAffixes,
} from '../src/features/pos/store/scanner-settings';

/** Keys as a keyboard sends them, each with its own time stamp (ms), to the detector's listener. */
function keys(
  target: EventTarget,
  onKeyDown: (event: KeyboardEvent) => void,
  sequence: string[],
  { start = 1000, gap = 5 } = {},
) {
  return sequence.map((key, i) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: start + i * gap });
    Object.defineProperty(event, 'target', { value: target });
    onKeyDown(event);
    return event;
  });
}

const chars = (code: string) => [...code];

describe('the scanner detector (default settings: 40 ms, 6 characters)', () => {
  let settings: ScannerSettings;
  let onScan: ReturnType<typeof vi.fn<(code: string) => void>>;
  let input: HTMLInputElement;

  beforeEach(() => {
    vi.useFakeTimers();
    settings = DEFAULT_SCANNER_SETTINGS;
    onScan = vi.fn<(code: string) => void>();
    input = document.createElement('input');
    input.value = '10';
    document.body.append(input);
    input.focus();
  });

  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const detector = () => createScanDetector(() => settings, onScan);

  it('a fast burst ending in Enter is a scan: the code goes out, nothing reaches the field, Enter is swallowed', () => {
    const { onKeyDown } = detector();
    const events = keys(input, onKeyDown, [...chars('080329'), 'Enter']);
    expect(onScan).toHaveBeenCalledWith('080329');
    expect(events.every((e) => e.defaultPrevented)).toBe(true);
    vi.runAllTimers();
    expect(input.value).toBe('10');
  });

  it('on a button or the page, the characters pass and only the Enter is swallowed', () => {
    const button = document.createElement('button');
    document.body.append(button);
    const { onKeyDown } = detector();
    const events = keys(button, onKeyDown, [...chars('080329'), 'Enter']);
    expect(onScan).toHaveBeenCalledWith('080329');
    expect(events.slice(0, -1).some((e) => e.defaultPrevented)).toBe(false);
    expect(events.at(-1)?.defaultPrevented).toBe(true);
  });

  it('a page that stalls mid-scan on a button loses nothing: the time stamps, not the timer, end a burst', () => {
    const { onKeyDown } = detector();
    const button = document.createElement('button');
    document.body.append(button);
    // The first four keys are handled, then the page stalls past the release timer (the keys queued meanwhile
    // keep the scanner's own times, 5 ms apart), then the rest arrive.
    keys(button, onKeyDown, chars('GV4Y'));
    vi.advanceTimersByTime(settings.maxGapMs + 100);
    keys(button, onKeyDown, [...chars('SGXAW35E'), 'Enter'], { start: 1020 });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('GV4YSGXAW35E');
  });

  it('a page that stalls mid-scan in a field takes back what the timer handed it: the scan goes out, the field is as it was', () => {
    const { onKeyDown } = detector();
    keys(input, onKeyDown, chars('23'));
    // The page stalls past the release timer: the field gets the two characters...
    vi.advanceTimersByTime(settings.maxGapMs + 100);
    expect(input.value).toBe('1023');
    // ...then the scanner's queued keys arrive, stamped 5 ms after the last one handled.
    const rest = keys(input, onKeyDown, [...chars('0329'), 'Enter'], { start: 1010 });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('230329');
    expect(rest.every((e) => e.defaultPrevented)).toBe(true);
    vi.runAllTimers();
    expect(input.value).toBe('10');
  });

  it('a person who pauses keeps what the timer handed back: the next key, stamped after the gap, is typing', () => {
    const { onKeyDown } = detector();
    keys(input, onKeyDown, ['5']);
    vi.advanceTimersByTime(settings.maxGapMs + 100);
    expect(input.value).toBe('105');
    keys(input, onKeyDown, ['0', 'Enter'], { start: 1000 + settings.maxGapMs + 100 });
    expect(onScan).not.toHaveBeenCalled();
    expect(input.value).toBe('1050');
  });

  it('slow keys are typing: each character reaches the field, Enter does what it does', () => {
    const { onKeyDown } = detector();
    const slow = keys(input, onKeyDown, chars('080329'), { gap: 120 });
    vi.runAllTimers();
    const enter = keys(input, onKeyDown, ['Enter'], { start: 2000 });
    expect(onScan).not.toHaveBeenCalled();
    expect(input.value).toBe('10080329');
    expect(slow.every((e) => e.defaultPrevented)).toBe(true); // kept back a moment, then typed
    expect(enter[0]?.defaultPrevented).toBe(false);
  });

  it('a fast burst shorter than the minimum is typing: typed into the field before its Enter', () => {
    const { onKeyDown } = detector();
    const events = keys(input, onKeyDown, [...chars('1000'), 'Enter']);
    expect(onScan).not.toHaveBeenCalled();
    expect(input.value).toBe('101000');
    expect(events.at(-1)?.defaultPrevented).toBe(false);
  });

  it('another key (Backspace) ends the burst: the kept characters come first, in order', () => {
    const { onKeyDown } = detector();
    keys(input, onKeyDown, [...chars('12'), 'Backspace']);
    expect(input.value).toBe('1012');
  });

  it('leaves fields that take the scan themselves, and dialogs other than Payment, alone', () => {
    const own = document.createElement('input');
    own.dataset.scanInput = '';
    const dialog = document.createElement('section');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('input');
    dialog.append(inDialog);
    document.body.append(own, dialog);
    const { onKeyDown } = detector();
    for (const target of [own, inDialog]) {
      const events = keys(target, onKeyDown, [...chars('080329'), 'Enter']);
      expect(events.some((e) => e.defaultPrevented)).toBe(false);
    }
    expect(onScan).not.toHaveBeenCalled();
  });

  it('inside the Payment dialog (marked to hold scans) the scan is caught', () => {
    const dialog = document.createElement('section');
    dialog.setAttribute('role', 'dialog');
    const form = document.createElement('form');
    form.dataset.scanHold = '';
    const amount = document.createElement('input');
    form.append(amount);
    dialog.append(form);
    document.body.append(dialog);
    amount.focus();
    const { onKeyDown } = detector();
    keys(amount, onKeyDown, [...chars('080329'), 'Enter']);
    expect(onScan).toHaveBeenCalledWith('080329');
    expect(amount.value).toBe('');
  });

  it('a prefix and suffix, when set, are required and stripped', () => {
    settings = { ...DEFAULT_SCANNER_SETTINGS, prefix: '~', suffix: '#' };
    const { onKeyDown } = detector();
    keys(document.body, onKeyDown, [...chars('~080329#'), 'Enter']);
    expect(onScan).toHaveBeenCalledWith('080329');
    keys(document.body, onKeyDown, [...chars('080329'), 'Enter'], { start: 5000 });
    expect(onScan).toHaveBeenCalledTimes(1);
  });
});

describe('scanner settings', () => {
  it('falls back to the defaults and clamps what is out of range', () => {
    expect(parseScannerSettings(null)).toEqual(DEFAULT_SCANNER_SETTINGS);
    expect(parseScannerSettings({ maxGapMs: 1000, minLength: 0, prefix: 7 })).toEqual({
      maxGapMs: 250,
      minLength: 2,
      prefix: '',
      suffix: '',
    });
  });

  it('the code is what is left inside prefix and suffix, at least minLength long', () => {
    const s = { ...DEFAULT_SCANNER_SETTINGS, minLength: 4 };
    expect(scannedCode('1234', s)).toBe('1234');
    expect(scannedCode('123', s)).toBeNull();
    expect(scannedCode('$1234', { ...s, prefix: '$' })).toBe('1234');
    expect(scannedCode('1234', { ...s, prefix: '$' })).toBeNull();
  });

  it('the Barcode field drops a prefix and suffix it finds, and keeps a code without them', () => {
    const s = { ...DEFAULT_SCANNER_SETTINGS, prefix: '$', suffix: '#' };
    expect(withoutAffixes('$080329#', s)).toBe('080329');
    expect(withoutAffixes('080329', s)).toBe('080329');
  });
});
