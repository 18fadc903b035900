// CSV as Excel in Russian expects it: UTF-8 with a BOM, `;` between fields, CRLF between lines, quotes
// doubled inside quoted fields, written by csv-stringify. Read by csv-parse: that, and also `,`- and
// tab-separated files (guessed from the header line), quoted fields over several lines included.
import { CsvError, parse } from 'csv-parse/sync';
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

// A cell starting with = + - @ (or a tab or CR, which spreadsheets skip before reading the rest; or the
// full-width ＝ ＋ － ＠ that Apple Numbers folds into them) is run as a formula by Excel, LibreOffice,
// Google Sheets and Numbers (OWASP "CSV injection"): "-2+3", "=HYPERLINK(…)", "-cmd|' /C calc'!A0".
// Such a cell gets a leading ' and is read as text.
// The one exception: a cell that is a whole plain number with a minus ("-100", "-1290,50": the amounts
// and counts the admin shows). It is no formula, and a ' would make the shop's own export read back
// (in Excel and in the import) as text instead of the number it was.
// `+` stays guarded even before digits, as it always was: "+79991234567" is a phone, and bare Excel
// would turn it into the number 79991234567 without its plus.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEGATIVE_NUMBER = /^-\d+(?:[.,]\d+)?$/;

function guardFormula(value: string): string {
  return FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The value a cell of the shop's own export stands for: the guard's ' taken off again (only where
 * guardFormula put it), so that what the export wrote imports as it was, "-2+3 шт" and not "'-2+3 шт".
 */
export function cellValue(cell: string): string {
  return cell.startsWith("'") && guardFormula(cell.slice(1)) === cell ? cell.slice(1) : cell;
}

const STRINGIFY: StringifyOptions = {
  delimiter: CSV_SEPARATOR,
  record_delimiter: 'windows',
  // Only what needs quotes gets them (a separator, a quote, a line break of any kind); a quote inside a
  // quoted field is doubled.
  quote_record_delimiter: true,
  quote: '"',
  escape: '"',
};

/**
 * Lines of the file, each ended by CRLF: the fields guarded, quoted where they hold `;`, a quote or a line
 * break. One call for many rows (a page of an export) costs a fraction of one call per row.
 */
export function csvLines(rows: string[][]): string {
  return stringify(
    rows.map((values) => values.map(guardFormula)),
    STRINGIFY,
  );
}

/** One line of the file. */
export const csvLine = (values: string[]): string => csvLines([values]);

/** The separator of a file: whichever of `;`, `,` and tab occurs most in its first line. */
function guessSeparator(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((s) => [s, first.split(s).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** A file csv-parse cannot read, said in Russian for the import's report. */
export class CsvFormatError extends Error {}

const PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'кавычка открыта и не закрыта до конца файла',
};

/** Rows of fields; a BOM is dropped, empty lines (and lines of empty fields only) are skipped. */
export function parseCsv(input: string): string[][] {
  try {
    return parse(input, {
      bom: true,
      delimiter: guessSeparator(input.startsWith(CSV_BOM) ? input.slice(1) : input),
      // Excel writes CRLF; files edited elsewhere may have LF or CR, even mixed.
      record_delimiter: ['\r\n', '\n', '\r'],
      // A quote inside an unquoted field is a character of it ("Клей 5" мл"), as in Excel.
      relax_quotes: true,
      // Rows may be shorter or longer than the header: the import reads a missing cell as empty.
      relax_column_count: true,
      skip_empty_lines: true,
      // Excel leaves ";;;;" lines below a table that was cleared: no row of the file, not an error.
      skip_records_with_empty_values: true,
    });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    throw new CsvFormatError(`Файл не читается как CSV: ${PROBLEMS[e.code] ?? e.message}`);
  }
}
