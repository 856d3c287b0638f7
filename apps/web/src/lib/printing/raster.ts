import naskhUrl from '@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url';
import { RECEIPT_WIDTH } from '@pos/shared';
import { fitsCodePage, isRightToLeft, lineRuns } from './code-page';

/** Pixels, 4 bytes (RGBA) each, row by row: what the encoder's image() takes. */
export type LineImage = { data: Uint8ClampedArray; width: number; height: number };

/** Draws one 48-column line `width` dots wide (the printer's print area). */
export type LineRasterizer = (line: string, width: number) => Promise<LineImage>;

/**
 * The font Urdu and Arabic are drawn in (Noto Naskh Arabic, OFL, bundled: precached with the app, so
 * it prints offline too); other scripts fall back to the system's fonts.
 */
export const SCRIPT_FONT_FAMILY = 'POS Receipt Naskh';
export const scriptFontUrl = naskhUrl;

let fontLoading: Promise<void> | null = null;

/** Loads the bundled font once (a failed load is retried at the next print; the fallbacks draw meanwhile). */
function loadScriptFont(): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  fontLoading ??= (async () => {
    const face = new FontFace(SCRIPT_FONT_FAMILY, `url(${naskhUrl})`);
    document.fonts.add(face);
    try {
      await face.load();
    } catch {
      document.fonts.delete(face);
      fontLoading = null;
    }
  })();
  return fontLoading;
}

/** Latin runs: a monospace font whose advance is one printer column (0.6 em), like the printer's font A. */
const latinFont = (column: number) =>
  `${Math.round(column / 0.6)}px "DejaVu Sans Mono", Consolas, "Courier New", monospace`;
/** Other runs: Naskh at a size that reads on thermal paper, then the system's fonts. */
const scriptFont = (column: number) => `${Math.round(column * 2.4)}px "${SCRIPT_FONT_FAMILY}", "Noto Sans", sans-serif`;

/** The shortest image line: a text line's height (24 dots) and its spacing. */
const MIN_HEIGHT = 32;
const PAD = 3;

/**
 * A line the printer's code page cannot hold, drawn on a canvas as the printer would have printed it:
 * each run of text at its column (monospace Latin in columns of `width / 48` dots, other scripts in
 * their own font, right to left where they read so), a row's right part against the right edge, a
 * centred line centred; a run wider than its room is squeezed into it. White background, black text.
 */
export async function rasterizeLine(line: string, width: number): Promise<LineImage> {
  await loadScriptFont();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to draw the receipt line on');
  const column = width / RECEIPT_WIDTH;
  const runs = lineRuns(line).map((run, i, all) => {
    const font = fitsCodePage(run.text) ? latinFont(column) : scriptFont(column);
    const before = i > 0 ? (all[i - 1]?.end ?? 0) + 1 : 0;
    const after = i < all.length - 1 ? (all[i + 1]?.start ?? RECEIPT_WIDTH) - 1 : RECEIPT_WIDTH;
    const room = run.align === 'center' ? RECEIPT_WIDTH : run.align === 'right' ? run.end - before : after - run.start;
    const x =
      run.align === 'center'
        ? ((run.start + run.end) / 2) * column
        : (run.align === 'right' ? run.end : run.start) * column;
    context.font = font;
    const metrics = context.measureText(run.text);
    return {
      ...run,
      font,
      x,
      maxWidth: room * column,
      ascent: metrics.actualBoundingBoxAscent,
      descent: metrics.actualBoundingBoxDescent,
    };
  });
  const ascent = Math.ceil(Math.max(0, ...runs.map((r) => r.ascent)));
  const descent = Math.ceil(Math.max(0, ...runs.map((r) => r.descent)));
  canvas.height = Math.max(MIN_HEIGHT, ascent + descent + 2 * PAD);
  const baseline = Math.round((canvas.height - ascent - descent) / 2) + ascent;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, canvas.height);
  context.fillStyle = '#000';
  context.textBaseline = 'alphabetic';
  for (const run of runs) {
    context.font = run.font;
    context.direction = isRightToLeft(run.text) ? 'rtl' : 'ltr';
    context.textAlign = run.align;
    context.fillText(run.text, run.x, baseline, run.maxWidth);
  }
  return context.getImageData(0, 0, width, canvas.height);
}
