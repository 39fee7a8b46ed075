import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, listAddresses, parseMail } from './mime-parse';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('decodeEncodedWords', () => {
  it.each([
    ['plain text', 'plain text'],
    ['=?UTF-8?B?5L2g5aW9?=', '你好'],
    ['=?utf-8?q?caf=C3=A9_au_lait?=', 'café au lait'],
    // One character split across two words, the white space between them dropped.
    ['=?UTF-8?B?5L2g5Q==?= =?UTF-8?B?pb0=?=', '你好'],
    ['Re: =?UTF-8?B?5L2g5aW9?= world', 'Re: 你好 world'],
    ['=?ISO-2022-JP?B?GyRCJDMkcyRLJEEkTxsoQg==?=', 'こんにちは'],
    ['=?Shift_JIS?B?g1iDToOKgVuDkw==?=', 'スクリーン'],
    ['=?ISO-8859-1*en?Q?Fran=E7ois?=', 'François'],
    ['=?x-unknown?Q?abc?=', 'abc'],
  ])('%s → %s', (input, expected) => {
    expect(decodeEncodedWords(input)).toBe(expected);
  });
});

describe('listAddresses', () => {
  it('takes bare and bracketed addresses, lower-cased', () => {
    expect(listAddresses('"Lei, Li" <Li@Example.com>, Bob <bob@x.org>')).toEqual([
      'li@example.com',
      'bob@x.org',
    ]);
    expect(listAddresses('a@x.org, B@y.org')).toEqual(['a@x.org', 'b@y.org']);
  });
});

describe('parseMail', () => {
  it('decodes a quoted-printable text part inside mixed and alternative parts', () => {
    const mail = parseMail(
      crlf([
        'To: =?UTF-8?B?5p2O6Zu3?= <li@example.com>',
        'Subject: =?UTF-8?Q?=E9=AA=8C=E8=AF=81=E7=A0=81?=',
        '  =?UTF-8?Q?_123456?=',
        'Date: Thu, 01 Jan 2026 08:00:00 +0800',
        'Content-Type: multipart/mixed; boundary="outer"',
        '',
        'preamble',
        '--outer',
        'Content-Type: multipart/alternative; boundary=inner',
        '',
        '--inner',
        'Content-Type: text/plain; charset="utf-8"',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '=E9=AA=8C=E8=AF=81=E7=A0=81=EF=BC=9A123456 and a very long line that is soft=',
        ' wrapped',
        '--inner',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>html</p>',
        '--inner--',
        '--outer',
        'Content-Type: text/plain; name=a.txt',
        'Content-Disposition: attachment; filename=a.txt',
        '',
        'attachment text',
        '--outer--',
        '',
      ]),
    );
    expect(mail).toEqual({
      to: '李雷 <li@example.com>',
      subject: '验证码 123456',
      date: new Date('2026-01-01T00:00:00Z'),
      text: '验证码：123456 and a very long line that is soft wrapped',
    });
  });

  it('decodes base64 bodies in a legacy charset', () => {
    const body = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]).toString('base64'); // 你好 in GBK
    const mail = parseMail(
      crlf([
        'Subject: hi',
        'Content-Type: text/plain; charset=gbk',
        'Content-Transfer-Encoding: base64',
        '',
        body,
        '',
      ]),
    );
    expect(mail.text).toBe('你好');
  });

  it('falls back to the HTML part without tags, and survives missing headers', () => {
    const mail = parseMail(
      Buffer.from(
        'Content-Type: text/html\n\n<p>Code: <b>42</b></p><script>alert(1)</script>&amp; done',
      ),
    );
    expect(mail).toEqual({ to: '', subject: '', date: undefined, text: 'Code: 42\n& done' });
  });
});
