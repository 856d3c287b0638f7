import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { RECEIPT_WIDTH } from '@pos/shared';

/**
 * The code page the receipt's text goes out in: the encoder's default for ESC/POS (cp437, ESC t 0 on
 * Epson-compatible printers). A character it has no byte for would print as '?'.
 */
export const TEXT_CODE_PAGE = 'cp437';

let printable: Set<number> | null = null;

/**
 * Whether the printer can print the text as text: every character is in the code page (control
 * characters and U+FFFD aside). Urdu, Arabic, Chinese... are not, so their lines go out as images.
 */
export function fitsCodePage(text: string): boolean {
  printable ??= new Set(
    CodepageEncoder.getEncoding(TEXT_CODE_PAGE).codepoints.filter((cp) => cp >= 0x20 && cp !== 0xfffd),
  );
  for (const char of text) {
    if (!printable.has(char.codePointAt(0) ?? 0)) return false;
  }
  return true;
}

/** A run of a 48-column line (words with single spaces between them) and the columns it spans. */
export type LineRun = { text: string; start: number; end: number; align: 'left' | 'center' | 'right' };

/**
 * A line of the 48-column layout cut into its runs of text, the padding between them dropped, each
 * with its place: a lone run padded evenly on both sides is centred, a run that ends at the right
 * edge (a row's right part) is right-aligned, any other is left-aligned at its column. What the
 * layout meant, so a line drawn in other fonts (as an image, or in the HTML popup) keeps it.
 */
export function lineRuns(line: string, width = RECEIPT_WIDTH): LineRun[] {
  const found = [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  return found.map((run) => {
    const centred = found.length === 1 && run.start > 0 && Math.abs(run.start - (width - run.end)) <= 1;
    const align = centred ? 'center' : run.start > 0 && run.end >= width ? 'right' : 'left';
    return { ...run, align };
  });
}

/** Whether a text reads right to left: its first letter is Arabic-script (Urdu too), Hebrew, Syriac or Thaana. */
export function isRightToLeft(text: string): boolean {
  return /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(text);
}
