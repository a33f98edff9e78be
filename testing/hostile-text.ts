// Strings an attacker would put in a form, a question or a search result to take over the terminal.
// Each one does something visible when written raw to a terminal (the control test in
// hostile-tmux.test.ts proves it in tmux); none may do anything when shown by formrequest.

const b64 = (s: string) => Buffer.from(s).toString('base64');

export const HOSTILE: Record<string, string> = {
  oscTitle: '\x1b]0;PWNED-TITLE\x07',
  osc2Title: '\x1b]2;PWNED-OSC2\x1b\\',
  osc52Clipboard: `\x1b]52;c;${b64('PWNED-CLIP')}\x07`,
  osc8Link: '\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\',
  clearScreen: '\x1b[2J\x1b[H',
  hiddenText: '\x1b[8mHIDDEN\x1b[0m',
  cursorMove: '\x1b[5;1H\x1b[1A',
  carriageReturn: 'visible\rOVERWRITE',
  leaveAltScreen: '\x1b[?1049l',
  fullReset: '\x1bc',
  screenTitle: '\x1bkPWNED-WINDOW\x1b\\',
  tmuxPassthrough: '\x1bPtmux;\x1b\x1b]0;PWNED-TITLE\x07\x1b\\',
  apc: '\x1b_apc\x1b\\',
  pm: '\x1b^pm\x1b\\',
  sos: '\x1bXsos\x1b\\',
  c1Csi: '\x9b2J',
  c1Osc: '\x9d0;C1-TITLE\x9c',
  bell: '\x07',
  backspaces: 'abc\b\b\bXYZ',
  bidiOverride: '\u202ereversed\u202c',
  bidiIsolate: '\u2067isolated\u2069',
  lineSeparator: 'one\u2028two',
};

/** All of them in one string, with a visible word between each. */
export function hostileText(tag: string): string {
  return Object.values(HOSTILE)
    .map((h, i) => `${tag}${i}${h}`)
    .join('');
}
