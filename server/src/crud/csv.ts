// CSV as Excel in Russian expects it: UTF-8 with a BOM, `;` between fields, CRLF between lines, quotes
// doubled inside quoted fields. The parser reads that, and also `,`-separated files (guessed from the
// header line), quoted fields over several lines included.

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** One field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string): string {
  // A leading = + @ would make Excel run the cell as a formula: keep it text.
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}

/** The separator of a file: whichever of `;`, `,` and tab occurs most in its first line. */
function guessSeparator(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((s) => [s, first.split(s).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** Rows of fields; a BOM is dropped, empty lines are skipped. */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const sep = guessSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0]!.trim() !== '') rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else field += ch;
    i += 1;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}
