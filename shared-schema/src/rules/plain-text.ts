/**
 * Text from users placed where a line break or a control character changes meaning:
 * header values and the plain-text bodies of emails. A contact who types `Jo\nBcc: …` as a name
 * must not add a line that reads like a header to the owners' email. Single-line fields refuse
 * control characters at validation (api/fields.ts); these make whatever is already stored, or
 * typed by staff, safe where it is written out.
 */

// Matching control characters is the point of these patterns.
/* eslint-disable no-control-regex */
/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Control characters other than a line feed (and tab, which reads as space). */
const CONTROL_BUT_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

/** Whether the text carries a line break or any other control character. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** The text on one line: every run of control characters becomes one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_ALL, ' ');
}

/**
 * A multi-line text (a message) for a plain-text body: line breaks kept as `\n` (CRLF, CR and
 * the Unicode separators included), tabs as spaces, every other control character dropped.
 */
export function plainTextBlock(text: string): string {
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL_BUT_NEWLINE, '');
}
