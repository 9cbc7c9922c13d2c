import { describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@panel/contracts/common';
import { MEDIA_UPLOAD_FAILED, uploadToMediaStore } from './media-upload';

const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'قولنامه.pdf', { type: 'application/pdf' });

describe('uploadToMediaStore', () => {
  it('posts the file with its name, type and the CSRF header, and answers the stored id', async () => {
    const send = vi.fn(async () => new Response(JSON.stringify({ id: 42 }), { status: 201 }));
    expect(await uploadToMediaStore(file, send as unknown as typeof fetch)).toBe(42);
    expect(send).toHaveBeenCalledWith(`/media?name=${encodeURIComponent('قولنامه.pdf')}`, expect.objectContaining({ method: 'POST', headers: { [CSRF_HEADER]: '1', 'content-type': 'application/pdf' }, body: file }));
  });

  it('throws the store’s Persian refusal, or a general one when the answer has none', async () => {
    const refused = async () => new Response(JSON.stringify({ message: 'حجم فایل بیش از ۵ مگابایت است.' }), { status: 413 });
    await expect(uploadToMediaStore(file, refused as unknown as typeof fetch)).rejects.toThrow('حجم فایل بیش از ۵ مگابایت است.');
    const broken = async () => new Response('<html>', { status: 502 });
    await expect(uploadToMediaStore(file, broken as unknown as typeof fetch)).rejects.toThrow(MEDIA_UPLOAD_FAILED);
  });
});
