import { useEffect, useRef } from 'react';
import {
  loadScannerSettings,
  SCANNER_SETTINGS_CHANGED,
  SCANNER_SETTINGS_KEY,
  type ScannerSettings,
  scannedCode,
} from '../store/scanner-settings';

/**
 * Fields the scanner types into like a person (the register's Barcode field, Price Check's code): the
 * field's own Enter handles the code, so the detector leaves them alone.
 */
const OWN_SCAN_FIELD = '[data-scan-input]';
/**
 * Inside a dialog the detector acts only where the dialog says so (Payment holds a scan for the cart; Return
 * looks its receipt up): others get their keys.
 */
const HOLDING_DIALOG = '[data-scan-hold]';

/** Keys a scanner presses around the characters (Shift for capitals): they neither end nor break a burst. */
const MODIFIER_KEYS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta', 'NumLock']);
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'password', 'email', 'number']);

/**
 * The release timer waits this much beyond the longest gap: the keys' own time stamps decide what is a
 * burst, the timer only hands back a person's characters (and a key stamped within the gap after it takes
 * them back).
 */
const RELEASE_SLACK_MS = 30;

type TextField = HTMLInputElement | HTMLTextAreaElement;

function textField(target: Element | null): TextField | null {
  const editable =
    target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type));
  return editable && !target.readOnly && !target.disabled ? target : null;
}

/** Where a keystroke may be part of a scan the register handles: not an own scan field, no other dialog. */
function inScope(target: Element | null): boolean {
  if (!target) return true;
  if (target.closest(OWN_SCAN_FIELD)) return false;
  const dialog = target.closest('[role="dialog"]');
  return !dialog || dialog.matches(HOLDING_DIALOG) || dialog.querySelector(HOLDING_DIALOG) !== null;
}

/** Sets a field's value as if edited, so React's onChange sees it. */
function setValue(field: TextField, value: string, inputType: string, data: string | null): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data }));
}

/**
 * Characters kept back from a field, typed into it after all: as the browser types (undo, input
 * events, React's onChange) while it has the focus, else appended with an input event.
 */
function typeInto(field: TextField, text: string): void {
  // execCommand is the one way to type as the user does; it is deprecated but has no replacement.
  const focused = document.activeElement === field && typeof document.execCommand === 'function';
  if (focused && document.execCommand('insertText', false, text)) return;
  setValue(field, field.value + text, 'insertText', text);
}

export type ScanDetector = {
  onKeyDown: (event: KeyboardEvent) => void;
  /** Hands back any characters kept from a field (the page goes away, say). */
  release: () => void;
};

/**
 * Tells a scanner's burst from typing, wherever the focus is. A burst is printable keys each within
 * `maxGapMs` of the one before, ended by Enter, of `minLength` characters at least (within the set
 * prefix and suffix). While a burst may be a scan, its characters are kept out of a focused text field
 * (a discount, an amount); when it ends some other way (a pause, another key) they are typed into the
 * field in order, so a person's typing arrives as typed, a few ms later. A scan's Enter is swallowed,
 * so it neither submits a form nor presses the focused button, and the code goes to `onScan`.
 */
export function createScanDetector(settings: () => ScannerSettings, onScan: (code: string) => void): ScanDetector {
  let burst = '';
  let kept = '';
  let field: TextField | null = null;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** What the release timer last handed back, and the field's value before it: a later key may take it back. */
  let handedBack: { burst: string; kept: string; field: TextField; last: number; before: string } | null = null;

  const reset = () => {
    burst = '';
    kept = '';
    field = null;
    handedBack = null;
    clearTimeout(timer);
    timer = undefined;
  };

  const release = () => {
    const target = field;
    const text = kept;
    reset();
    if (target?.isConnected && text) typeInto(target, text);
  };

  /**
   * The timer runs on the page's time, the keys carry the device's: a page that stalls (or keys delivered
   * late) lets the timer fire while the scanner's next keys are still queued. So what it hands back is
   * remembered, and taken back out of the field if the next key's own time stamp shows the burst went on.
   */
  const releaseOnTimer = () => {
    const back = field && kept ? { burst, kept, field, last, before: field.value } : null;
    release();
    handedBack = back;
  };

  const takeBack = (event: KeyboardEvent, target: Element | null): void => {
    const back = handedBack;
    handedBack = null;
    const continues =
      back !== null &&
      event.timeStamp - back.last <= settings().maxGapMs &&
      (event.key.length === 1 || event.key === 'Enter') &&
      textField(target) === back.field &&
      back.field.isConnected;
    if (!continues) return;
    setValue(back.field, back.before, 'deleteContent', null);
    ({ burst, kept, field, last } = back);
  };

  const swallow = (event: KeyboardEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (MODIFIER_KEYS.has(event.key)) return;
    const target = event.target instanceof Element ? event.target : null;
    if (event.isComposing || !inScope(target)) {
      release();
      return;
    }
    takeBack(event, target);
    const { maxGapMs } = settings();
    const withinGap = burst !== '' && event.timeStamp - last <= maxGapMs;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key.length === 1 && plain && !event.repeat) {
      const here = textField(target);
      if (burst !== '' && (!withinGap || here !== field)) release();
      burst += event.key;
      last = event.timeStamp;
      if (here) {
        swallow(event);
        kept += event.key;
        field = here;
      }
      clearTimeout(timer);
      // Only characters kept from a field need handing back in real time (a person's typing). Without a field
      // the burst waits for the next key, whose own time stamp says whether it continues: a page that stalls
      // mid-scan (the scanner's keys queued meanwhile) must not cut the scan in two.
      timer = kept ? setTimeout(releaseOnTimer, maxGapMs + RELEASE_SLACK_MS) : undefined;
      return;
    }
    if (event.key === 'Enter' && plain && withinGap) {
      const code = scannedCode(burst, settings());
      if (code !== null) {
        swallow(event);
        reset();
        onScan(code);
        return;
      }
    }
    // Anything else (Backspace, Tab, an arrow, a short or slow burst's Enter): the kept characters
    // first, then the key does what it does.
    release();
  };

  return { onKeyDown, release };
}

/**
 * The register's scanner: listens to every key on the page before anything else does (capture on
 * window) and hands each recognised code to `onScan`, with this register's settings.
 */
export function useBarcodeScanner(onScan: (code: string) => void): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    let settings = loadScannerSettings();
    const reload = (event: Event) => {
      if (!(event instanceof StorageEvent) || event.key === SCANNER_SETTINGS_KEY) settings = loadScannerSettings();
    };
    const detector = createScanDetector(
      () => settings,
      (code) => onScanRef.current(code),
    );
    window.addEventListener('keydown', detector.onKeyDown, true);
    window.addEventListener('storage', reload);
    window.addEventListener(SCANNER_SETTINGS_CHANGED, reload);
    return () => {
      window.removeEventListener('keydown', detector.onKeyDown, true);
      window.removeEventListener('storage', reload);
      window.removeEventListener(SCANNER_SETTINGS_CHANGED, reload);
      detector.release();
    };
  }, []);
}
