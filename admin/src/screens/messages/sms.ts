// How many SMS a text costs. A text of the GSM 7-bit alphabet (Latin) fits 160 characters in one SMS and
// 153 per part when longer (the rest carries the parts' header); any other character (Cyrillic) makes the
// whole text UCS-2: 70 in one, 67 per part. GSM's extension characters (€, [, ], {, }, ~, ^, \, |) take two.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';

export interface SmsCount {
  /** Characters as the gateway counts them (an extension character is two in GSM, an emoji two in UCS-2). */
  length: number;
  segments: number;
  /** Characters per SMS for this text: 160/153 or 70/67. */
  perSegment: number;
  unicode: boolean;
}

export function countSms(text: string): SmsCount {
  let gsmLength = 0;
  let unicode = false;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(ch)) gsmLength += 2;
    else {
      unicode = true;
      break;
    }
  }
  const length = unicode ? text.length : gsmLength;
  const [single, part] = unicode ? [70, 67] : [160, 153];
  const segments = length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / part);
  return { length, segments, perSegment: segments > 1 ? part : single, unicode };
}
