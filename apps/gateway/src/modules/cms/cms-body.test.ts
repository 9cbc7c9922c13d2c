import { describe, expect, it } from 'vitest';
import { cleanBody, publicBody } from './cms-body';

describe('the body boundary', () => {
  it('keeps the editor’s blocks with their direction and drops scripts, handlers and foreign images', () => {
    const { html, mediaIds, empty } = cleanBody(
      '<p dir="rtl" onclick="x()">سلام <strong>دنيا</strong><script>alert(1)</script></p><ul dir="rtl"><li dir="ltr">Peugeot ٢٠٦</li></ul>' +
        '<img src="https://tracker.example/x.png"><img src="/api/media/7/" alt="کاور"><a href="javascript:alert(1)">بد</a><a href="https://karnameh.com">خوب</a><p dir="sideways">x</p>',
    );
    expect(html).toContain('<p dir="rtl">سلام <strong>دنیا</strong></p>');
    expect(html).toContain('<ul dir="rtl"><li dir="ltr">Peugeot ۲۰۶</li></ul>');
    expect(html).not.toMatch(/script|onclick|tracker|javascript|sideways/);
    expect(html).toContain('<img src="/api/media/7/" alt="کاور" />');
    expect(html).toContain('<a href="https://karnameh.com" target="_blank" rel="noopener noreferrer nofollow">خوب</a>');
    expect(mediaIds).toEqual([7]);
    expect(empty).toBe(false);
    expect(publicBody(html)).toContain('src="/api/public/cms/media/7/"');
  });

  it('calls a body of empty paragraphs empty', () => {
    expect(cleanBody('<p dir="rtl"></p><p>&nbsp; </p>').empty).toBe(true);
    expect(cleanBody('<p><img src="/api/media/3/"></p>').empty).toBe(false);
  });
});
