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

  it('translates a refused parameter that carries a shared rule, and keeps other 10001 texts', async () => {
    const refused = (message: string) => new ApiError({ ...ERRORS.badRequest, message });
    const rule = VALIDATION_MESSAGES.priceRange.message;
    expect(errorText(refused(rule), i18n.t.bind(i18n))).toBe(rule);
    await setLanguage('ja', { persist: false });
    const t = i18n.t.bind(i18n);
    expect(errorText(refused(rule), t)).toBe(
      t(VALIDATION_MESSAGES.priceRange.key as 'errors.serverError'),
    );
    expect(errorText(refused(rule), t)).not.toBe(rule);
    expect(errorText(refused('Invalid request parameters: body.page: too big'), t)).toBe(
      t('errors.badRequest'),
    );
    await setLanguage('en', { persist: false });
  });
});
