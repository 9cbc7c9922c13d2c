import sanitizeHtml from 'sanitize-html';
import { normalizePersian } from '@panel/contracts/cms';

// The body of a content item is kept as sanitised HTML (decision 111): what the editor wrote,
// cut down here to the tags the editor makes, every block's `dir`, links of the web's own
// schemes and images of the media store only. Text is Persian-normalised on the way (decision
// 112). This is the one boundary: the public endpoint serves what was kept, as it is.

/** A media-store image the body may show: only the gateway's own addresses pass. */
const MEDIA_SRC = /^\/api\/media\/(\d+)\/$/;
const DIRECTIONS = ['rtl', 'ltr', 'auto'];
const BLOCKS = ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCKS, 'strong', 'em', 'u', 's', 'code', 'a', 'br', 'hr', 'img'],
  allowedAttributes: {
    ...Object.fromEntries(BLOCKS.map((tag) => [tag, [{ name: 'dir', multiple: false, values: DIRECTIONS }]])),
    // target and rel are set by transformTags below, whatever the editor sent.
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // A link always opens apart and passes nothing of the panel on.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
  exclusiveFilter: (frame) => frame.tag === 'img' && !MEDIA_SRC.test(frame.attribs.src ?? ''),
  textFilter: (text) => normalizePersian(text),
};

export interface CleanBody {
  html: string;
  /** The media-store files the body shows, in order, once each. */
  mediaIds: number[];
  /** True when it holds neither text nor an image. */
  empty: boolean;
}

export function cleanBody(html: string): CleanBody {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const mediaIds = [...new Set([...clean.matchAll(/<img[^>]*\ssrc="\/api\/media\/(\d+)\/"/g)].map((m) => Number(m[1])))];
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '');
  return { html: clean, mediaIds, empty: text === '' && mediaIds.length === 0 };
}

/** The body as the public endpoint serves it: its images at the public media address. */
export const publicBody = (html: string) => html.replace(/(<img[^>]*\ssrc=")\/api\/media\/(\d+)\/"/g, '$1/api/public/cms/media/$2/"');
export const publicMediaUrl = (id: number) => `/api/public/cms/media/${id}/`;
