/**
 * jsPDF's built-in fonts (Helvetica) speak WinAnsi: Latin-1 plus a few typographic signs. Any
 * other character would print as garbage, so it becomes '?' (the portal's languages fit WinAnsi).
 */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
    out += printable || char === '\n' ? char : char === '\t' ? '    ' : char === '\r' ? '' : '?';
  }
  return out;
}

/** Up to two initials of the company, for the drawn logo mark: "Northwind Builders" -> "NB". */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
