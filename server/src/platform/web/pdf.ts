// The one way the server makes PDF files (the privacy policy, an organisation's invoice): pdfmake with its
// own Roboto, which has Cyrillic. A document is a pdfmake definition; this turns it into the file's bytes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
// The font files sit beside the package and are read from disk by pdfmake.
const ROBOTO_DIR = join(dirname(require.resolve('pdfmake/package.json')), 'fonts/Roboto');
const FONTS = {
  Roboto: {
    normal: join(ROBOTO_DIR, 'Roboto-Regular.ttf'),
    bold: join(ROBOTO_DIR, 'Roboto-Medium.ttf'),
    italics: join(ROBOTO_DIR, 'Roboto-Italic.ttf'),
    bolditalics: join(ROBOTO_DIR, 'Roboto-MediumItalic.ttf'),
  },
};

interface PdfMake {
  setFonts(fonts: typeof FONTS): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let printer: PdfMake | null = null;
function pdfMake(): PdfMake {
  if (!printer) {
    printer = require('pdfmake') as PdfMake;
    printer.setFonts(FONTS);
    // Documents name no images or files: nothing outside the fonts is ever read or fetched, whatever text
    // an administrator or a customer put into them.
    printer.setUrlAccessPolicy(() => false);
    printer.setLocalAccessPolicy((path) => path.startsWith(ROBOTO_DIR));
  }
  return printer;
}

/** The PDF file of a pdfmake document; its text is set in Roboto unless the document says otherwise. */
export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfMake()
    .createPdf({ ...doc, defaultStyle: { font: 'Roboto', ...doc.defaultStyle } })
    .getBuffer();
}
