import { describe, expect, it } from 'vitest';
import { localPhone } from './phone';

describe('localPhone', () => {
  it.each([
    ['+233241234567', '024 123 4567'],
    ['+233551234567', '055 123 4567'],
    ['+2348031234567', '+2348031234567'],
  ])('%s reads %s', (e164, local) => {
    expect(localPhone(e164)).toBe(local);
  });
});
