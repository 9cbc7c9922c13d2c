import type { CmsContent, CmsContentFields, CmsContentRow } from '@panel/contracts/cms';
import { publicMediaUrl } from '../../media';

// The body's images are media-store files: the browser reaches them at the BFF's `/media/:id`,
// the gateway keeps its own `/api/media/:id/`, so the addresses are turned here both ways.

/** The body as the browser shows it, and back as the gateway keeps it. */
export const bodyForBrowser = (html: string) => html.replace(/(<img[^>]*\ssrc=")\/api\/media\/(\d+)\/"/g, '$1/media/$2"');
export const bodyForGateway = (html: string) => html.replace(/(<img[^>]*\ssrc=")\/media\/(\d+)"/g, '$1/api/media/$2/"');
export const fieldsForGateway = (fields: CmsContentFields): CmsContentFields => ({ ...fields, body: bodyForGateway(fields.body) });
export const rowForBrowser = <T extends CmsContentRow>(row: T): T => ({ ...row, cover_url: row.cover_url && publicMediaUrl(row.cover_url) });
export const contentForBrowser = (item: CmsContent): CmsContent => ({ ...rowForBrowser(item), body: bodyForBrowser(item.body) });
