import { describe, expect, it } from 'vitest';
import { ApiError, ERRORS, VALIDATION_MESSAGES } from '@aiamarket/shared';
import { i18n, setLanguage } from '../i18n';
import { NETWORK_ERROR } from './api';
import { errorText } from './errors';

describe('errorText', () => {
  it('translates catalogue errors and keeps other server messages', async () => {
    const t = i18n.t.bind(i18n);
    expect(errorText(new ApiError(ERRORS.serverError), t)).toBe('Server request exception');
    expect(errorText(new ApiError(NETWORK_ERROR), t)).toBe(
      'Network error, please check your connection',
    );
    const other = new ApiError({ code: 777, status: 200, message: 'Sold out', key: '' });
    expect(errorText(other, t)).toBe('Sold out');
    await setLanguage('zh-CN', { persist: false });
    expect(errorText(new ApiError(ERRORS.notLoggedIn), i18n.t.bind(i18n))).toBe('请先登录！');
    await setLanguage('en', { persist: false });
  });

  it('translates a refusal by its messageKey, not by its English wording', async () => {
    const refused = (message: string, messageKey?: string) =>
      new ApiError({ ...ERRORS.badRequest, message }, message, null, messageKey);
    const rule = VALIDATION_MESSAGES.priceRange;
    expect(errorText(refused(rule.message, rule.key), i18n.t.bind(i18n))).toBe(rule.message);
    await setLanguage('ja', { persist: false });
    const t = i18n.t.bind(i18n);
    const translated = t(rule.key as 'errors.serverError');
    expect(translated).not.toBe(rule.message);
    expect(errorText(refused(rule.message, rule.key), t)).toBe(translated);
    // A reworded server message still reads as the rule, by its key.
    expect(errorText(refused('Max price must exceed min price', rule.key), t)).toBe(translated);
    // The English text alone (no key) is not matched: the catalogue error is shown.
    expect(errorText(refused(rule.message), t)).toBe(t('errors.badRequest'));
    expect(
      errorText(refused('Invalid request parameters: body.page: too big', 'errors.badRequest'), t),
    ).toBe(t('errors.badRequest'));
    await setLanguage('en', { persist: false });
  });
});
