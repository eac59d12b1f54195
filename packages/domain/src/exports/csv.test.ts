import { describe, expect, it } from 'vitest';
import {
  csvRecord,
  FORMULA_TRIGGERS,
  moneyCell,
  neutralizeFormula,
  numberCell,
  quoteCsv,
  textCell,
  zonedDateTimeFormatter,
} from './csv.ts';

describe('neutralizeFormula', () => {
  it.each(FORMULA_TRIGGERS)('prefixes text starting with %j with a single quote', (trigger) => {
    expect(neutralizeFormula(`${trigger}SUM(A1:A9)`)).toBe(`'${trigger}SUM(A1:A9)`);
  });

  it('leaves other text alone, including triggers after the first character', () => {
    expect(neutralizeFormula('Ann =1+2')).toBe('Ann =1+2');
    expect(neutralizeFormula("'quoted")).toBe("'quoted");
    expect(neutralizeFormula('')).toBe('');
    expect(neutralizeFormula(' =1')).toBe(' =1');
  });
});

describe('textCell', () => {
  it('neutralises, then quotes what holds a quote, comma or line break', () => {
    expect(textCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(textCell('-2+3,4')).toBe(`"'-2+3,4"`);
    expect(textCell('\r\nline')).toBe(`"'\r\nline"`);
    expect(textCell('Lee, Ann')).toBe('"Lee, Ann"');
    expect(textCell('plain')).toBe('plain');
  });

  it('writes nothing for a missing value', () => {
    expect(textCell(null)).toBe('');
    expect(textCell(undefined)).toBe('');
    expect(textCell('')).toBe('');
  });

  it('never lets a negative number through as text unguarded', () => {
    // Text that merely looks like a number is still customer text and is guarded.
    expect(textCell('-12.50')).toBe("'-12.50");
  });
});

describe('numberCell and moneyCell', () => {
  it('keeps negative amounts as plain numbers', () => {
    expect(moneyCell(-1250, 'usd')).toBe('-12.50');
    expect(moneyCell(-5, 'eur')).toBe('-0.05');
    expect(moneyCell(1234, 'usd')).toBe('12.34');
  });

  it('writes zero-decimal currencies without decimals', () => {
    expect(moneyCell(500, 'jpy')).toBe('500');
    expect(moneyCell(-500, 'JPY')).toBe('-500');
    expect(moneyCell(12345, 'krw')).toBe('12345');
  });

  it('writes negative zero as zero and nothing for a missing amount', () => {
    expect(moneyCell(-0, 'usd')).toBe('0.00');
    expect(moneyCell(null, 'usd')).toBe('');
    expect(moneyCell(100, null)).toBe('');
  });

  it('refuses anything but a plain decimal on the number path', () => {
    expect(numberCell('-3.10')).toBe('-3.10');
    expect(() => numberCell('=1+2')).toThrow();
    expect(() => numberCell('-1e5')).toThrow();
    expect(() => numberCell('1,5')).toThrow();
    expect(() => numberCell('')).toThrow();
  });
});

describe('quoteCsv and csvRecord', () => {
  it('doubles quotes inside a quoted cell and ends records with CRLF', () => {
    expect(quoteCsv('say "hi"')).toBe('"say ""hi"""');
    expect(csvRecord(['a', '"b,c"', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('zonedDateTimeFormatter', () => {
  const at = Date.UTC(2026, 2, 29, 0, 30, 5); // 2026-03-29 00:30:05 UTC, the night Europe moves clocks

  it('writes UTC by default', () => {
    expect(zonedDateTimeFormatter(undefined)(at)).toBe('2026-03-29 00:30:05');
    expect(zonedDateTimeFormatter('UTC')(at)).toBe('2026-03-29 00:30:05');
  });

  it('follows a zone across its daylight-saving change', () => {
    const paris = zonedDateTimeFormatter('Europe/Paris');
    expect(paris(at)).toBe('2026-03-29 01:30:05');
    expect(paris(at + 60 * 60 * 1000)).toBe('2026-03-29 03:30:05');
    // Back before the change again: the cached offset must not stick.
    expect(paris(at - 60 * 1000)).toBe('2026-03-29 01:29:05');
  });

  it('takes fixed offsets, and writes an unknown zone in UTC', () => {
    expect(zonedDateTimeFormatter('+05:30')(at)).toBe('2026-03-29 06:00:05');
    expect(zonedDateTimeFormatter('-0330')(at)).toBe('2026-03-28 21:00:05');
    expect(zonedDateTimeFormatter('Mars/Olympus')(at)).toBe('2026-03-29 00:30:05');
  });

  it('agrees with Intl for many instants in a zone with half-hour offsets', () => {
    const format = zonedDateTimeFormatter('Australia/Adelaide');
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Australia/Adelaide',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (let epoch = Date.UTC(2026, 0, 1); epoch < Date.UTC(2027, 0, 1); epoch += 7_777_777) {
      expect(format(epoch)).toBe(intl.format(new Date(epoch)));
    }
  });
});
