import { CSRF_HEADER } from '@panel/contracts/common';

// The one way a screen sends a file to the gateway's media store: through the BFF's `POST /media`
// (apps/bff/src/media.ts), which answers the stored file's id or a Persian refusal.

/** The file types the media store keeps (its README), for an `<input type="file" accept>`. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
/** The image types of the media store, for a picture (a cover, an image in a body). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const MEDIA_UPLOAD_FAILED = 'بارگذاری فایل انجام نشد.';

/** Sends `file` to the media store; its id, or the store's Persian refusal thrown. */
export async function uploadToMediaStore(file: File, send: typeof fetch = fetch): Promise<number> {
  const response = await send(`/media?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { [CSRF_HEADER]: '1', 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const answer = (await response.json().catch(() => ({}))) as { id?: unknown; message?: unknown };
  if (!response.ok || typeof answer.id !== 'number') throw new Error(typeof answer.message === 'string' ? answer.message : MEDIA_UPLOAD_FAILED);
  return answer.id;
}
