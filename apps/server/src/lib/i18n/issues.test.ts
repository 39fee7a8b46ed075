import { languages } from '@lumen/contracts/i18n';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { en, type MessageKey } from './en';
import { es } from './es';
import { describeIssue } from './issues';
import { ja } from './ja';
import { zh } from './zh';

/** The first issue zod reports for `value`, with the input kept as the server keeps it. */
function issueOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues[0] as z.core.$ZodIssue;
}

const describeAll = (schema: z.ZodType, value: unknown) => {
  const issue = issueOf(schema, value);
  return {
    en: describeIssue('en', issue),
    zh: describeIssue('zh', issue),
    ja: describeIssue('ja', issue),
    es: describeIssue('es', issue),
    zod: issue.message,
  };
};

describe('describeIssue', () => {
  it.each([
    ['missing', z.object({ a: z.string() }), {}, 'is required', '为必填项'],
    ['null', z.object({ a: z.string() }), { a: null }, 'is required', '为必填项'],
    ['empty text', z.string().trim().min(1), '  ', 'cannot be empty', '不能为空'],
    ['empty list', z.array(z.string()).min(1), [], 'cannot be empty', '不能为空'],
    [
      'too short',
      z.string().min(3),
      'ab',
      'must be at least 3 characters long',
      '至少需要 3 个字符',
    ],
    ['too long', z.string().max(4), 'abcde', 'must be at most 4 characters long', '最多 4 个字符'],
    [
      'exact length',
      z.string().length(6),
      'abc',
      'must be exactly 6 characters long',
      '必须为 6 个字符',
    ],
    ['few items', z.array(z.number()).min(2), [1], 'must have at least 2 items', '至少需要 2 项'],
    ['many items', z.array(z.number()).max(1), [1, 2], 'must have at most 1 items', '最多 1 项'],
    ['below', z.number().min(5), 4, 'must be at least 5', '不能小于 5'],
    ['not positive', z.number().positive(), 0, 'must be greater than 0', '必须大于 0'],
    ['above', z.number().max(9), 10, 'must be at most 9', '不能大于 9'],
    ['not below', z.number().lt(9), 9, 'must be less than 9', '必须小于 9'],
    [
      'unsafe id',
      z.coerce.number().int(),
      '1e30',
      'must be at most 9007199254740991',
      '不能大于 9007199254740991',
    ],
    ['multiple', z.number().multipleOf(5), 3, 'must be a multiple of 5', '必须是 5 的倍数'],
    ['not a number', z.coerce.number(), 'abc', 'must be a number', '必须是数字'],
    ['fraction', z.number().int(), 1.5, 'must be a whole number', '必须是整数'],
    ['not text', z.string(), 7, 'must be text', '必须是文本'],
    ['not boolean', z.boolean(), 'yes', 'must be true or false', '必须是 true 或 false'],
    ['not list', z.array(z.string()), 'a', 'must be a list', '必须是列表'],
    ['not object', z.object({}), 3, 'must be an object', '必须是对象'],
    ['pattern', z.string().regex(/^\d+$/), 'x', 'has an invalid format', '格式不正确'],
    ['url', z.url(), 'nope', 'must be a web address (URL)', '必须是网址（URL）'],
    ['uuid', z.uuid(), 'nope', 'must be an id', '必须是有效的 ID'],
    ['email', z.email(), 'nope', 'must be an e-mail address', '必须是电子邮件地址'],
    [
      'datetime',
      z.iso.datetime(),
      'nope',
      'must be a date and time such as 2026-01-31T08:00:00Z',
      '必须是日期时间，例如 2026-01-31T08:00:00Z',
    ],
    [
      'prefix',
      z.string().startsWith('price_'),
      'x',
      'must start with "price_"',
      '必须以“price_”开头',
    ],
    [
      'enum',
      z.enum(['image', 'video']),
      'gif',
      'must be one of: image, video',
      '必须是以下之一：image, video',
    ],
    ['literal', z.literal('email'), 'sms', 'must be email', '必须是 email'],
    [
      'discriminator',
      z.discriminatedUnion('m', [z.object({ m: z.literal('a') }), z.object({ m: z.literal('b') })]),
      { m: 'c' },
      'must be one of: a, b',
      '必须是以下之一：a, b',
    ],
    [
      'unknown keys',
      z.strictObject({ a: z.number() }),
      { a: 1, b: 2 },
      'has unknown fields: b',
      '包含未知字段：b',
    ],
    ['custom check', z.string().refine(() => false), 'x', 'is invalid', '无效'],
  ])('%s', (_name, schema, value, english, chinese) => {
    const said = describeAll(schema, value);
    expect(said.en).toBe(english);
    expect(said.zh).toBe(chinese);
    for (const lang of ['en', 'zh', 'ja', 'es'] as const) {
      expect(said[lang]).not.toBe(said.zod);
      expect(said[lang]).not.toMatch(/Invalid|Too (small|big)|expected|received/);
    }
    expect(said.ja).not.toBe(said.en);
    expect(said.es).not.toBe(said.en);
  });

  it("translates a schema's own wording from the rules.* entries", () => {
    const username = z.string().regex(/^[A-Za-z]/, 'must start with a letter');
    expect(describeAll(username, '9a')).toMatchObject({
      en: 'must start with a letter',
      zh: '必须以字母开头',
      ja: '英字で始めてください',
      es: 'debe empezar por una letra',
    });
    const agreed = z.object({ ok: z.literal(true, { error: 'the terms must be agreed to' }) });
    expect(describeAll(agreed, {}).es).toBe('hay que aceptar las condiciones');
  });

  it('keeps wording it has no entry for in English only, and words it by code elsewhere', () => {
    const said = describeAll(z.string().regex(/^a/, 'must begin with an a'), 'b');
    expect(said.en).toBe('must begin with an a');
    expect(said.zh).toBe('格式不正确');
    expect(said.es).toBe('tiene un formato no válido');
  });

  it('every validation message is translated in every catalogue', () => {
    const keys = (Object.keys(en) as MessageKey[]).filter(
      (key) => key.startsWith('validation.') || key.startsWith('rules.'),
    );
    expect(keys.length).toBeGreaterThan(40);
    const catalogues = { en, zh, ja, es };
    for (const catalogue of languages.filter((l) => l !== 'en').map((l) => catalogues[l])) {
      for (const key of keys) {
        expect(catalogue[key], key).toBeTruthy();
        expect(catalogue[key], key).not.toBe(en[key]);
        const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(placeholders(catalogue[key]).sort(), key).toEqual(placeholders(en[key]).sort());
      }
    }
  });
});
