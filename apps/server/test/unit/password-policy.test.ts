import { MSG } from '@pos/shared';
import { describe, expect, it } from 'vitest';
import { commonPasswordMessage, isCommonPassword } from '../../src/lib/password-policy';

describe('common-password policy', () => {
  it.each([
    '123456',
    'password',
    'qwerty',
    '12345678',
    'abcdef',
    'aaaaaaaa',
    'Password1',
    'P@ssw0rd',
    'Welcome1',
    'Admin123',
    'Password123',
    'P@55w0rd',
    'Adm1n123',
  ])('refuses %j (a leaked-list entry, or under 1,000 guesses)', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(commonPasswordMessage(password)).toBe(MSG.passwordTooCommon);
  });

  it.each([
    'Demo1234', // the demo data's password
    'Secret123', // the test factories' password
    'Changed456',
    'Founder123',
    'Summer2024!',
    'correct horse battery staple',
    'x'.repeat(21), // longer than any entry of the list: not checked
    'x'.repeat(200),
  ])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(commonPasswordMessage(password)).toBeUndefined();
  });
});
