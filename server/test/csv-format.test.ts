// The CSV format of export and import (csv-stringify, csv-parse): the formula guard against CSV injection
// (= + - @, tab, CR, their full-width forms; plain negative numbers left alone), what the export writes
// read back unchanged by the import's reader, the separators and line ends of other programs' files, and
// a broken file reported in Russian. Then the same through the admin API on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellValue, CSV_BOM, csvLine, parseCsv } from '../src/platform/crud/csv';
import { runJob } from './jobs';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

describe('the formula guard', () => {
  it.each([
    ['=СУММ(A1)', "'=СУММ(A1)"],
    ['=HYPERLINK("https://evil.example";"x")', `"'=HYPERLINK(""https://evil.example"";""x"")"`],
    ['+7 912 345-67-89', "'+7 912 345-67-89"],
    ['+79123456789', "'+79123456789"],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    // A leading minus: a formula unless the whole cell is a number.
    ['-2+3', "'-2+3"],
    ["-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"],
    ['-1+1|cmd', "'-1+1|cmd"],
    ['-', "'-"],
    ['-1e5', "'-1e5"],
    // Spreadsheets skip a leading tab or CR and read what follows.
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    // Full-width forms, folded into = + - @ by Apple Numbers.
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1+1', "'－1+1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
  ])('guards %j', (value, cell) => {
    expect(csvLine([value, 'x'])).toBe(`${cell};x\r\n`);
  });

  it.each(['-100', '-1290,50', '-0.07', '-5', '100', '1290,50', 'a-b', 'e-mail', ' =1', ''])(
    'leaves %j as it is',
    (value) => {
      expect(csvLine([value, 'x'])).toBe(`${value};x\r\n`);
    },
  );
});

describe('what the export writes, the import reads', () => {
  const values = [
    'просто',
    '-100',
    '-1290,50',
    '1 290,50',
    'a;b',
    'a,b',
    'таб\tвнутри',
    'он сказал "да"',
    '"в кавычках"',
    'строка 1\r\nстрока 2',
    'строка 1\nстрока 2',
    ' пробелы по краям ',
    'ёлка «ёлочки» — 5 мл',
    '',
  ];

  it('round-trips every kind of cell, plain negative numbers as they were', () => {
    // A row of the export always has its ID; a row of empty cells only is no row (skipped on reading).
    const rows = values.map((v, i) => [String(i + 1), v, v]);
    const file = CSV_BOM + csvLine(['ID', 'Название', 'Значение']) + rows.map(csvLine).join('');
    expect(parseCsv(file)).toEqual([['ID', 'Название', 'Значение'], ...rows]);
  });

  it('reads a guarded cell with its mark, as Excel shows it; the import takes the mark off again', () => {
    const guarded = ['-2+3', '=1+1', '+7 912', '@x', '\t=1', '\r=1', '＝1', '-'];
    const file = CSV_BOM + csvLine(guarded);
    const cells = parseCsv(file)[0]!;
    expect(cells).toEqual(guarded.map((v) => `'${v}`));
    expect(cells.map(cellValue)).toEqual(guarded);
    // Only the export's own mark comes off: a ' before anything else is the cell's text.
    for (const cell of ["'-100", "'текст", "''=1", "'", 'просто', '-100']) expect(cellValue(cell)).toBe(cell);
  });

  it('writes for Excel: `;` between fields, CRLF after every line, quotes only where needed', () => {
    expect(csvLine(['a', 'b;c', 'd"e', 'f\ng', ''])).toBe('a;"b;c";"d""e";"f\ng";\r\n');
  });
});

describe('files of other programs', () => {
  it('reads comma-, semicolon- and tab-separated files, with any line ends', () => {
    const rows = [
      ['Адрес (slug)', 'Категории', 'Цена'],
      ['lashes', 'resnitsy, brovi', '990,50'],
    ];
    expect(
      parseCsv('Адрес (slug),Категории,Цена\n lashes-skip\nlashes,"resnitsy, brovi","990,50"\n'),
    ).toEqual([rows[0], [' lashes-skip'], rows[1]]);
    expect(parseCsv('Адрес (slug);Категории;Цена\rlashes;resnitsy, brovi;990,50\r')).toEqual(rows);
    expect(parseCsv(`${CSV_BOM}Адрес (slug)\tКатегории\tЦена\r\nlashes\tresnitsy, brovi\t990,50`)).toEqual(
      rows,
    );
  });

  it('reads a quote inside an unquoted field as a character, and skips lines with nothing in them', () => {
    expect(parseCsv('a;b\r\nКлей 5" мл;2\r\n\r\n   \r\n;;\r\n1;2\r\n')).toEqual([
      ['a', 'b'],
      ['Клей 5" мл', '2'],
      ['1', '2'],
    ]);
  });

  it('keeps short and long rows as they are (the import reads a missing cell as empty)', () => {
    expect(parseCsv('a;b;c\r\n1\r\n1;2;3;4')).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']]);
  });

  it('says in Russian what is wrong with a broken file', () => {
    expect(() => parseCsv('a;b\r\n"не закрыта;2\r\n3;4')).toThrow(
      'Файл не читается как CSV: кавычка открыта и не закрыта до конца файла',
    );
  });
});

describeOnDatabases('CSV format through the admin API on $name', (target) => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: t.adminToken },
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const title = 'Ресницы "Round"; трип, ёлочки «да»';
  const formula = '-2+3 шт';
  const header = ['Адрес (slug)', 'Название', 'Артикул', 'Цена', 'Остаток'];
  const titles = async () =>
    (await call('GET', '/api/admin/products?sort=["id","ASC"]'))
      .json<{ title: string }[]>()
      .map((p) => p.title);

  // Each test imports its own two products (unique slugs and articles): the export test found nothing to
  // export when the import test had not run before it.
  let seq = 0;
  const importOwn = async () => {
    const n = ++seq;
    const file =
      CSV_BOM +
      csvLine(header) +
      csvLine([`formula-title-${n}`, formula, `RT-2-${n}`, '990', '1']) +
      csvLine([`lashes-round-${n}`, title, `RT-1-${n}`, '1290,50', '5']);
    expect(file).toContain(`;'${formula};`);
    const { job } = await runJob(t.app, '/api/admin/products/import', { csv: file }, t.adminToken);
    expect(job!.status, job!.error ?? '').toBe('done');
  };

  it('imports a file the shop itself wrote as it was written: BOM, `;`, CRLF, quotes, guarded cells', async () => {
    const before = await titles();
    await importOwn();
    // The products before stay as they were, and exactly this file's two follow them, in its order.
    expect(await titles()).toEqual([...before, formula, title]);
  });

  it('exports with the guard, and the export reads back to the stored values', async () => {
    await importOwn();
    const res = await call('GET', '/api/admin/products/export.csv?sort=["id","ASC"]');
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    expect(res.body).toContain(`;'${formula};`);
    expect(res.body).toContain(`;"Ресницы ""Round""; трип, ёлочки «да»";`);
    const rows = parseCsv(res.body);
    const column = rows[0]!.indexOf('Название');
    expect(rows.slice(1).map((r) => cellValue(r[column]!))).toEqual(await titles());
  });

  it('answers a broken file with a Russian error in the report, not a server error', async () => {
    const { job } = await runJob(
      t.app,
      '/api/admin/products/import/preview',
      { csv: `${header.join(';')}\r\n"lashes;Ресницы;X-1;990;1\r\n` },
      t.adminToken,
    );
    expect(job!.result).toMatchObject({
      valid: false,
      errors: ['Файл не читается как CSV: кавычка открыта и не закрыта до конца файла'],
    });
  });
});
