import type { RuleObject } from 'antd/es/form';
import { z } from 'zod';
import { emailInputSchema } from '../contract/common';
import { zodIssuesByField, zodRule } from './zod-rule';

/** Runs the rule's validator as antd would: resolves when the value passes, rejects with the message. */
async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const { validator } = rule as RuleObject;
  try {
    await validator!({} as RuleObject, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it.each([
    ['', 'Please enter your email'],
    [undefined, 'Please enter your email'],
    ['a@b', 'Please enter a valid email'],
    [' Ada@Example.com ', null],
  ])("checks %p with the contract's schema and message: %p", async (value, expected) => {
    expect(await check(zodRule(emailInputSchema, { required: true }), value)).toBe(expected);
  });

  it('marks the field required for antd and can say its own word for an empty field', async () => {
    const rule = zodRule(z.string().regex(/^\d{3}$/, 'Three digits'), {
      required: true,
      requiredMessage: 'Enter the code',
    });
    expect((rule as RuleObject).required).toBe(true);
    expect(await check(rule, '  ')).toBe('Enter the code');
    expect(await check(rule, '12')).toBe('Three digits');
  });
});

describe('zodIssuesByField', () => {
  it('keeps the first message per field path', () => {
    const schema = z.object({ a: z.string().min(2, 'short'), b: z.object({ c: z.number() }) });
    const parsed = schema.safeParse({ a: 'x', b: { c: 'no' } });
    expect(parsed.success).toBe(false);
    expect(zodIssuesByField(parsed.error!)).toEqual({
      a: 'short',
      'b.c': expect.any(String),
    });
  });
});
