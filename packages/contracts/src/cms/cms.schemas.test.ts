import { describe, expect, it } from 'vitest';
import { CMS_CONTENT_WORKFLOW, CmsContentFieldsSchema, cmsListFilter, normalizePersian } from './index';

describe('the cms contracts', () => {
  it('reads a shared link leniently and leaves its defaults out of the address', () => {
    const { value, dropped } = cmsListFilter.parse({ search: 'پژو', sort: 'nonsense', page: '2', state: 'published' });
    expect(value).toMatchObject({ search: 'پژو', sort: 'updated_at', isAscending: false, page: 2, state: 'published' });
    expect(dropped).toEqual(['sort']);
    expect(cmsListFilter.toQuery(value)).toEqual({ search: 'پژو', page: '2', state: 'published' });
  });

  it('normalises Arabic letters and digits to Persian and leaves Latin digits alone', () => {
    expect(normalizePersian('پيكان مدل ١٣٨٥ و 206')).toBe('پیکان مدل ۱۳۸۵ و 206');
    expect(normalizePersian('مصطفى')).toBe('مصطفی');
  });

  it('publishes only a draft and archives with a reason', () => {
    expect(CMS_CONTENT_WORKFLOW.allowed('draft')).toEqual(['save', 'publish', 'archive']);
    expect(CMS_CONTENT_WORKFLOW.allowed('archived')).toEqual(['restore']);
    expect(CMS_CONTENT_WORKFLOW.refusal('publish', 'published')).toContain('منتشرشده');
  });

  it('refuses a duplicate tag and a missing category in Persian', () => {
    const bad = CmsContentFieldsSchema.safeParse({ title: ' ', body: '', category_id: '', cover_media_id: null, model_ids: [3, 3] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['title', 'category_id', 'model_ids']));
  });
});
