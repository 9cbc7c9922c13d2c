import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Input, Separator } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { notify } from '@panel/ui';
import { IMAGE_ACCEPT, uploadToMediaStore } from '../../../lib/media-upload';

// The content body's editor (decision 111): Tiptap 3, right to left first. Every block carries
// its own `dir` (Tiptap's TextDirection, the editor's default rtl), so a Latin paragraph or list
// can be turned left to right alone, and a list's markers sit on the side its direction starts
// (the padding is inline-start). Images go to the media store first and the body refers to them
// by address. This file is imported only by the CMS screens, so the editor stays in their chunk.

const BODY_STYLES = {
  '& .tiptap': { minHeight: '18rem', padding: '3', outline: 'none', lineHeight: '1.9' },
  '& .tiptap p': { marginBlock: '2' },
  '& .tiptap h2': { fontSize: 'xl', fontWeight: 'bold', marginBlock: '3' },
  '& .tiptap h3': { fontSize: 'lg', fontWeight: 'bold', marginBlock: '2' },
  '& .tiptap ul': { listStyleType: 'disc', paddingInlineStart: '6', marginBlock: '2' },
  '& .tiptap ol': { listStyleType: 'persian', paddingInlineStart: '6', marginBlock: '2' },
  '& .tiptap ol[dir="ltr"]': { listStyleType: 'decimal' },
  '& .tiptap blockquote': { borderInlineStartWidth: '3px', borderColor: 'border.emphasized', paddingInlineStart: '3', color: 'fg.muted' },
  '& .tiptap img': { maxWidth: '100%', maxHeight: '20rem', borderRadius: 'md', marginBlock: '2' },
  '& .tiptap img.ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'blue.500' },
  '& .tiptap a': { color: 'blue.600', textDecoration: 'underline' },
} as const;

/**
 * A toolbar button. A press keeps the focus (and the selection) in the text: the button's command
 * then applies where the writer is, and what they type next follows it. Taking the focus, the
 * press left the editor to get it back a frame later, and typing in that frame went after a list
 * just made instead of into it (seen in the CMS spec on a loaded machine). Keyboard users reach
 * the buttons with Tab as before.
 */
function Tool({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      size="xs"
      variant={active ? 'solid' : 'ghost'}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      type="button"
    >
      {children}
    </Button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      ltr: e.isActive({ dir: 'ltr' }),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const chain = () => editor.chain().focus();
  const insertImage = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    try {
      const id = await uploadToMediaStore(picked);
      chain().setImage({ src: `/media/${id}`, alt: picked.name.replace(/\.[a-z]+$/i, '') }).run();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };
  return (
    <HStack role="toolbar" aria-label="قالب‌بندی متن" gap="1" p="1" borderBottomWidth="1px" wrap="wrap" bg="bg.subtle">
      <Tool label="درشت" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label="کج" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label="زیرخط" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </Tool>
      <Separator orientation="vertical" height="5" />
      <Tool label="عنوان" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        عنوان
      </Tool>
      <Tool label="زیرعنوان" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        زیرعنوان
      </Tool>
      <Tool label="فهرست نشانه‌دار" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        فهرست نشانه‌دار
      </Tool>
      <Tool label="فهرست شماره‌دار" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        فهرست شماره‌دار
      </Tool>
      <Tool label="نقل قول" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        نقل قول
      </Tool>
      <Separator orientation="vertical" height="5" />
      <Tool label="راست به چپ" active={!state.ltr} onClick={() => chain().setTextDirection('rtl').run()}>
        راست به چپ
      </Tool>
      <Tool label="چپ به راست" active={state.ltr} onClick={() => chain().setTextDirection('ltr').run()}>
        چپ به راست
      </Tool>
      <Separator orientation="vertical" height="5" />
      <Input ref={file} type="file" accept={IMAGE_ACCEPT} srOnly tabIndex={-1} aria-hidden onChange={(e) => void insertImage(e.target.files?.[0])} />
      <Tool label="افزودن تصویر" disabled={uploading} onClick={() => file.current?.click()}>
        {uploading ? 'در حال بارگذاری تصویر…' : 'افزودن تصویر'}
      </Tool>
      <Tool label="واگرد" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        واگرد
      </Tool>
      <Tool label="از نو" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        از نو
      </Tool>
    </HStack>
  );
}

/** The rich-text body: `initial` once (HTML), every change as HTML through `onChange`. */
export function RichTextEditor({ initial, onChange, label, invalid, onBlur }: { initial: string; onChange: (html: string) => void; label: string; invalid?: boolean; onBlur?: () => void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }), Image],
    content: initial,
    textDirection: 'rtl',
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(invalid ? { 'aria-invalid': 'true' } : {}) } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  return (
    <Box borderWidth="1px" borderRadius="md" borderColor={invalid ? 'border.error' : 'border'} css={BODY_STYLES} _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }} width="full">
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </Box>
  );
}
